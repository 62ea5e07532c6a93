# corpus: profile=safe_eval decision=deny
"""A loop from asyncio.new_event_loop() runs a program with subprocess_exec."""
import asyncio

loop = asyncio.new_event_loop()
coro = loop.subprocess_exec(asyncio.SubprocessProtocol, "id")  # expect: PG004
transport, protocol = loop.run_until_complete(coro)
transport.close()
