# corpus: profile=code_pool decision=deny
"""yield and yield from make a generator."""


def policy(xs: list):
    yield len(xs)  # expect: PG011
    yield from xs  # expect: PG011
