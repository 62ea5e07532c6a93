# corpus: profile=safe_eval decision=deny
"""asyncio.base_events.socket is the socket module."""
import asyncio

s = asyncio.base_events.socket.socket()  # expect: PG005
