# corpus: profile=code_pool decision=deny
"""List, set and dict comprehensions: each is reported, and none is a `for` loop."""


def policy(xs: list) -> tuple:
    doubled = [x * 2 for x in xs]  # expect: PG011
    unique = {x % 3 for x in xs}  # expect: PG011
    index = {x: i for i, x in enumerate(xs)}  # expect: PG011
    nested = [[y for y in range(x)] for x in xs]  # expect: PG011 PG011
    return doubled, unique, index, nested
