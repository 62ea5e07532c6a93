# corpus: profile=code_pool decision=deny
"""async def, await, async for, async with and an async comprehension: `async` is
reported at its keyword, and the `for`, `with` or comprehension beside it too."""


async def policy(stream, lock) -> list:  # expect: PG011
    seen = []
    async with lock:  # expect: PG011 PG011
        async for item in stream:  # expect: PG011 PG011
            seen.append(await item.value())  # expect: PG011
    return seen + [x async for x in stream]  # expect: PG011 PG011
