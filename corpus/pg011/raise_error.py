# corpus: profile=code_pool decision=deny
"""raise, with an exception class that is also outside builtins.allow."""


def policy(x: int) -> int:
    if x < 0:
        raise ValueError("negative")  # expect: PG011 PG013
    return x
