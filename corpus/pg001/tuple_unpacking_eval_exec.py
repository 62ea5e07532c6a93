# corpus: profile=safe_eval decision=deny
"""eval and exec bound at once through tuple unpacking."""
calc, do = eval, exec  # expect: PG001 PG001


def apply(statement: str, expression: str) -> object:
    scope = {}
    do(statement, scope)  # expect: PG001
    return calc(expression, scope)  # expect: PG001
