# corpus: profile=safe_eval decision=deny
"""asyncio is allowed, its subprocess functions are not (PIPE is asyncio.subprocess too)."""
import asyncio


async def main():
    proc = await asyncio.create_subprocess_exec("id", stdout=asyncio.subprocess.PIPE)  # expect: PG004 PG004
    out, _ = await proc.communicate()
    return out


print(asyncio.run(main()))
