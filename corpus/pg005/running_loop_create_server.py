# corpus: profile=safe_eval decision=deny
"""A server started on the running loop returned by asyncio.get_running_loop()."""
import asyncio


async def listen():
    loop = asyncio.get_running_loop()
    server = await loop.create_server(asyncio.Protocol, "0.0.0.0", 9000)  # expect: PG005
    return server
