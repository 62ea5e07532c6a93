# corpus: profile=safe_eval decision=allow
"""asyncio.Queue, create_task and wait_for: no processes involved."""
import asyncio


async def main():
    queue = asyncio.Queue()
    for n in range(3):
        queue.put_nowait(n)
    task = asyncio.create_task(queue.get())
    return await asyncio.wait_for(task, timeout=1)


print(asyncio.run(main()))
