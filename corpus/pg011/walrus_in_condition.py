# corpus: profile=code_pool decision=deny
"""An assignment expression, reported at its `:=`."""


def policy(xs: list) -> int:
    return n if (n := len(xs)) > 3 else 0  # expect: PG011@20
