# corpus: profile=safe_eval decision=deny
"""Talking to a local daemon socket with asyncio.open_unix_connection, aliased as a module."""
import asyncio as aio


async def docker_info():
    reader, writer = await aio.open_unix_connection("/var/run/docker.sock")  # expect: PG005
    writer.write(b"GET /info HTTP/1.0\r\n\r\n")
    return await reader.read()
