# corpus: profile=code_pool decision=deny
"""getattr(state, "__class__"): the call is PG009; the name getattr, outside code_pool's builtins, is PG013."""


def policy(state):
    kind = getattr(state, "__class__")  # expect: PG009 PG013
    return kind is dict
