# corpus: profile=safe_eval decision=deny
"""A subclass of an event loop has the loop's methods; its own attributes hide the base's names."""
import asyncio


class Loop(asyncio.SelectorEventLoop):  # expect: PG005
    def __init__(self):
        super().__init__()
        self.subprocess_count = 0

    def shell(self, command):
        self.subprocess_count += 1
        return self.subprocess_shell(asyncio.SubprocessProtocol, command)  # expect: PG004


loop = Loop()
loop.run_until_complete(loop.shell("id"))
