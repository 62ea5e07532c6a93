# corpus: profile=safe_eval decision=deny
"""loop.sock_connect on a new event loop (asyncio allowed; its loop's socket methods are not)."""
import asyncio

loop = asyncio.new_event_loop()


async def dial(sock):
    await loop.sock_connect(sock, ("192.0.2.44", 80))  # expect: PG005
