# corpus: profile=code_pool decision=deny
"""callable() probes whether a parameter can be invoked."""


def policy(action, state):
    if callable(action):  # expect: PG013
        return action(state)
    return action
