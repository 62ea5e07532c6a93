# corpus: profile=safe_eval decision=deny
"""A connection opened through the event loop object rather than a module function."""
import asyncio

loop = asyncio.get_event_loop()
transport, protocol = loop.run_until_complete(
    loop.create_connection(asyncio.Protocol, "203.0.113.5", 25)  # expect: PG005
)
