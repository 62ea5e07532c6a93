# corpus: profile=code_pool decision=deny
"""A generator expression passed to sum() and one kept in a name."""


def policy(xs: list) -> float:
    squares = (x * x for x in xs)  # expect: PG011
    return sum(x for x in xs) + max(squares)  # expect: PG011
