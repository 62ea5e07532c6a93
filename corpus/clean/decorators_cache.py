# corpus: profile=safe_eval decision=allow
"""Decorators: memoisation, call counting and argument checks."""
import functools
from typing import Callable, TypeVar

T = TypeVar("T")


def counted(func: Callable[..., T]) -> Callable[..., T]:
    calls = {"n": 0}

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        calls["n"] += 1
        return func(*args, **kwargs)

    wrapper.calls = calls
    return wrapper


def positive(func):
    @functools.wraps(func)
    def wrapper(n: int):
        if n < 0:
            raise ValueError("n must be non-negative")
        return func(n)

    return wrapper


@positive
@functools.lru_cache(maxsize=None)
def fibonacci(n: int) -> int:
    return n if n < 2 else fibonacci(n - 1) + fibonacci(n - 2)


@counted
def product(values: list[int]) -> int:
    return functools.reduce(lambda a, b: a * b, values, 1)


sequence = [fibonacci(n) for n in range(20)]
products = [product(sequence[i:i + 3]) for i in range(1, 6)]
print(sequence[-1], products, product.calls["n"])
