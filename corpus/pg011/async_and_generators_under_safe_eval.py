# corpus: profile=safe_eval decision=allow
"""Coroutines and generators under a profile that forbids no syntax."""
import asyncio


async def produce(n: int):
    for i in range(n):
        yield i
        await asyncio.sleep(0)


async def main() -> list:
    return [x async for x in produce(3)]


def pairs(xs):
    yield from ((x, x) for x in xs)
