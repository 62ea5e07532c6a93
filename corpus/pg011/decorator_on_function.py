# corpus: profile=code_pool decision=deny
"""A decorator runs code at definition time and replaces the function."""


def twice(f):
    def wrapped(x):
        return f(f(x))

    return wrapped


@twice  # expect: PG011
def policy(x: int) -> int:
    return x + 1
