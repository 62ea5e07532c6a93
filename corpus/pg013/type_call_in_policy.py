# corpus: profile=code_pool decision=deny
"""type() is outside code_pool's builtins: a policy that inspects its state's type."""


def policy(state):
    if type(state) is dict:  # expect: PG013
        return state.get("score", 0)
    return 0
