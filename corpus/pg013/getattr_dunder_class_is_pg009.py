# corpus: profile=code_pool decision=deny
"""getattr with '__class__' is PG009, the more specific rule, not PG013."""


def policy(state):
    kind = getattr(state, "__class__")  # expect: PG009 PG013
    return kind is dict
