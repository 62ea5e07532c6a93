# corpus: profile=safe_eval decision=deny
"""A loop from asyncio.get_event_loop() runs a shell command."""
import asyncio


async def main():
    loop = asyncio.get_event_loop()
    transport, _ = await loop.subprocess_shell(asyncio.SubprocessProtocol, "id")  # expect: PG004
    transport.close()


asyncio.run(main())
