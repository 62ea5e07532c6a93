# corpus: profile=code_pool decision=deny
"""try/except; ZeroDivisionError is also a builtin outside code_pool's builtins.allow."""


def policy(a: float, b: float) -> float:
    try:  # expect: PG011
        return a / b
    except ZeroDivisionError:  # expect: PG013
        return 0.0
