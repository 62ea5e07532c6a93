# corpus: profile=code_pool decision=deny
"""object() used as a sentinel default."""
MISSING = object()  # expect: PG013


def policy(state, default=MISSING):
    value = state.get("limit", default)
    return 10 if value is default else value
