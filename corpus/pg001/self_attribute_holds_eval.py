# corpus: profile=safe_eval decision=deny
"""eval stored on self in __init__ and called later through the attribute."""


class Calculator:
    def __init__(self):
        self.evaluate = eval  # expect: PG001

    def run(self, expression: str) -> float:
        return self.evaluate(expression)  # expect: PG001


print(Calculator().run("1 + 2"))
