# corpus: profile=code_pool decision=deny
"""ord passed as a value (a sort key) to an allowed builtin."""


def policy(letters: list[str]) -> list[str]:
    return sorted(letters, key=ord)  # expect: PG013
