# corpus: profile=code_pool decision=deny
"""Fullwidth letters are ASCII to CPython (NFKC): this reads __name__."""


def policy() -> str:
    return __ｎａｍｅ__  # expect: PG011
