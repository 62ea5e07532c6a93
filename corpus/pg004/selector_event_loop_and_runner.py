# corpus: profile=safe_eval decision=deny
"""Loops made directly, or by asyncio.Runner, have the same subprocess methods."""
import asyncio

loop = asyncio.SelectorEventLoop()  # expect: PG005
loop.run_until_complete(loop.subprocess_shell(asyncio.SubprocessProtocol, "id"))  # expect: PG004

with asyncio.Runner() as runner:
    inner = runner.get_loop()
    inner.run_until_complete(inner.subprocess_exec(asyncio.SubprocessProtocol, "id"))  # expect: PG004
