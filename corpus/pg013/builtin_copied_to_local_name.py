# corpus: profile=code_pool decision=deny
"""repr copied to a neutral name before being called."""
describe = repr  # expect: PG013


def policy(state):
    return describe(state)  # expect: PG013
