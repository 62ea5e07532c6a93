# corpus: profile=safe_eval decision=allow
"""The constructs code_pool forbids are ordinary Python under safe_eval, which forbids nothing."""
import math
from functools import lru_cache

COUNT = 0


class Counter:
    def __init__(self) -> None:
        self.n = 0


@lru_cache(maxsize=None)
def policy(n: int) -> int:
    global COUNT
    COUNT += 1
    total = 0
    for i in range(n):
        total += i
    while total > 100:
        total //= 2
    try:
        total = int(math.sqrt(total))
    except ValueError:
        raise
    squares = [x * x for x in range(3)] + list(x for x in range(3))
    if (k := len(squares)) > 2:
        del squares[0]
    match k:
        case 6:
            total += 1
    key = sorted(squares, key=lambda v: -v)
    assert key
    return total if __name__ else 0


def gen(xs, *args, **kwargs):
    yield from xs


async def fetch(stream):
    async with stream:
        async for item in stream:
            await item
