# corpus: profile=code_pool decision=deny
"""setattr and hasattr mutate and probe a parameter."""


def policy(state):
    if not hasattr(state, "visits"):  # expect: PG013
        setattr(state, "visits", 0)  # expect: PG013
    return 1
