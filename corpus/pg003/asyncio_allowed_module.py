# corpus: profile=safe_eval decision=allow
"""asyncio is on safe_eval's allow list; its ordinary use is allowed."""
import asyncio as aio


async def double(n):
    await aio.sleep(0)
    return 2 * n


print(aio.run(double(21)))
