# corpus: profile=safe_eval decision=deny
# A comment is a child of the brackets in the tree: `(asyncio  # ...\n)` holds
# one expression, and the call still resolves to asyncio.create_subprocess_shell.
import asyncio


async def main():
    await (asyncio  # expect: PG004@11
           ).create_subprocess_shell("id")
