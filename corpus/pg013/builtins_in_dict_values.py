# corpus: profile=code_pool decision=deny
"""hex and oct stored as values of a dispatch table."""
CONVERTERS = {"hex": hex, "oct": oct, "str": str}  # expect: PG013 PG013


def policy(kind, value):
    return CONVERTERS[kind](value)
