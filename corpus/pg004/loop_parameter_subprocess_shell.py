# corpus: profile=safe_eval decision=deny
"""A loop passed as a parameter cannot be traced; its subprocess_shell is still a shell."""
import asyncio


async def run(loop, command):
    return await loop.subprocess_shell(asyncio.SubprocessProtocol, command)  # expect: PG004


asyncio.get_event_loop().run_until_complete(run(asyncio.get_event_loop(), "id"))
