# corpus: profile=code_pool decision=deny
"""chr() and ord() on one line: two findings."""


def shift(letter: str, steps: int) -> str:
    return chr(ord(letter) + steps)  # expect: PG013 PG013
