# corpus: profile=safe_eval decision=allow
"""An async pipeline of generators, driven without an event loop."""
from typing import AsyncIterator


async def numbers(limit: int) -> AsyncIterator[int]:
    for n in range(limit):
        yield n


async def squares(source: AsyncIterator[int]) -> AsyncIterator[int]:
    async for n in source:
        yield n * n


async def total(limit: int) -> int:
    evens = [n async for n in squares(numbers(limit)) if n % 2 == 0]
    return sum(evens)


async def main() -> dict[str, int]:
    small = await total(5)
    large = await total(50)
    return {"small": small, "large": large}


def run(coroutine):
    """Drive a coroutine that never suspends (it awaits nothing external)."""
    try:
        coroutine.send(None)
    except StopIteration as finished:
        return finished.value
    coroutine.close()
    raise RuntimeError("the coroutine suspended")


result = run(main())
print(result)
