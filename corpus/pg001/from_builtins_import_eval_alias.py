# corpus: profile=safe_eval decision=deny
"""eval imported from builtins under an innocent alias, then called."""
from builtins import eval as evaluate  # expect: PG003


def compute(expression: str) -> float:
    return evaluate(expression)  # expect: PG001


print(compute("2 ** 10"))
