# corpus: profile=code_pool decision=allow
"""Nested functions that call each other and the file's own functions: recursion
with a base case, no loops, no lambda."""


def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def policy(state: dict) -> int:
    def pick(key: str, default: int = 0) -> int:
        return int(state.get(key, default))

    def score() -> int:
        return fib(min(pick("depth"), 10)) + pick("bonus")

    return score()
