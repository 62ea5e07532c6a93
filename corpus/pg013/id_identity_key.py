# corpus: profile=code_pool decision=deny
"""id() exposes memory addresses."""


def policy(state):
    return id(state) % 7  # expect: PG013
