# corpus: profile=code_pool decision=deny
"""bin() counts set bits of a mask."""


def active_flags(mask: int) -> int:
    return bin(mask).count("1")  # expect: PG013
