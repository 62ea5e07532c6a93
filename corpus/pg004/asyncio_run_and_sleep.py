# corpus: profile=safe_eval decision=allow
"""asyncio.run, asyncio.sleep and asyncio.gather are ordinary asyncio."""
import asyncio


async def tick(n):
    await asyncio.sleep(0)
    return n * 2


async def main():
    return await asyncio.gather(*(tick(i) for i in range(5)))


print(asyncio.run(main()))
