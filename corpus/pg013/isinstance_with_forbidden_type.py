# corpus: profile=code_pool decision=deny
"""Type names are builtins too: complex and frozenset passed to isinstance."""


def policy(value):
    if isinstance(value, (int, float, complex)):  # expect: PG013
        return abs(value)
    return len(frozenset(value))  # expect: PG013
