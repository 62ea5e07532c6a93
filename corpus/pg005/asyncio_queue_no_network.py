# corpus: profile=safe_eval decision=allow
"""Ordinary asyncio (queues, gather, sleep, run_until_complete) opens no connections."""
import asyncio


async def worker(queue, results):
    while not queue.empty():
        results.append(await queue.get() * 2)
        await asyncio.sleep(0)

loop = asyncio.new_event_loop()
queue, results = asyncio.Queue(), []
for n in range(5):
    queue.put_nowait(n)
loop.run_until_complete(asyncio.gather(worker(queue, results), worker(queue, results)))
