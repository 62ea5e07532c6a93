# corpus: profile=safe_eval decision=deny
"""asyncio is allowed under safe_eval, but its network members are not: no PG003, still PG005."""
import asyncio


async def ping(host: str) -> bytes:
    reader, writer = await asyncio.open_connection(host, 6379)  # expect: PG005
    writer.write(b"PING\r\n")
    return await reader.readline()
