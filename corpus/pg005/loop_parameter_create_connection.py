# corpus: profile=safe_eval decision=deny
"""An untraced loop's network methods are network access in a file that imports asyncio."""
import asyncio


async def connect(loop):
    await loop.create_connection(asyncio.Protocol, "192.0.2.1", 80)  # expect: PG005
    return await loop.getaddrinfo("example.com", 443)  # expect: PG005
