# corpus: profile=safe_eval decision=deny
# asyncio and string are allowed; their classes' internals are not: an event
# loop's _make_subprocess_transport runs a shell command, and a Formatter's
# get_field or _vformat reads any attribute a string names.
import asyncio
import string


async def main():
    loop = asyncio.get_running_loop()
    waiter = loop.create_future()
    await loop._make_subprocess_transport(asyncio.SubprocessProtocol(), "id", True, None, None, None, 0)  # expect: PG009
    await waiter


class Loop(asyncio.SelectorEventLoop):  # expect: PG005
    pass


spawn = Loop()._make_subprocess_transport  # expect: PG009
formatter = string.Formatter()
render = formatter._vformat  # expect: PG009
leak, used = formatter.get_field("0.__globals__", [print], {})  # expect: PG009
asyncio.run(main())
