# corpus: profile=code_pool decision=deny
"""A dunder attribute is introspection: PG009 is the one finding at that place."""


def policy(state) -> str:
    kind = state.__class__  # expect: PG009
    return str(kind)
