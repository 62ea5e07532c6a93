# corpus: profile=code_pool decision=deny
"""format() and repr() build a label."""


def label(value: float, name: str) -> str:
    return format(value, ".2f") + " " + repr(name)  # expect: PG013 PG013
