# corpus: profile=safe_eval decision=deny
"""eval hidden as the default value of a parameter."""


def calculate(expression: str, engine=eval) -> float:  # expect: PG001
    return engine(expression)  # expect: PG001


print(calculate("3 * 7"))
