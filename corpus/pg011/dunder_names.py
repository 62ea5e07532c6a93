# corpus: profile=code_pool decision=deny
"""Dunder names read, bound and defined: code_pool's dunders.allow is empty."""
__all__ = ["policy"]  # expect: PG011


def __getattr__(name):  # expect: PG011
    return name


def policy(x: int, __extra__: int = 0) -> int:  # expect: PG011
    return x + __extra__  # expect: PG011


if __name__ == "__main__":  # expect: PG011
    print(policy(1))
