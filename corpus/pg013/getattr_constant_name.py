# corpus: profile=code_pool decision=deny
"""getattr itself is outside code_pool's builtins, even with a harmless name."""


def policy(state):
    return getattr(state, "score", 0)  # expect: PG013
