# corpus: profile=code_pool decision=deny
"""eval is PG001 under code_pool, not PG013: the more specific rule wins."""


def policy(state):
    return eval(state["expression"])  # expect: PG001
