# corpus: profile=safe_eval decision=allow
"""asyncio is imported, yet an untraced loop's scheduling methods are none of the guessed names."""
import asyncio


async def work(loop):
    loop.call_soon(print, "tick")
    task = loop.create_task(asyncio.sleep(0))
    await task
    return loop.time()


asyncio.run(work(asyncio.new_event_loop()))
