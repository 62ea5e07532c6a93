# corpus: profile=safe_eval decision=deny
"""__getattribute__ is in the escape list, so it is flagged even on super()."""
class Proxy:
    def __init__(self, target):
        self.target = target

    def peek(self):
        return super().__getattribute__("target")  # expect: PG009
