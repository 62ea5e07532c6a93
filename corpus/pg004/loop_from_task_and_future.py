# corpus: profile=safe_eval decision=deny
"""Every object with a loop hands it out: a task's get_loop(), a future's, a policy's new loop."""
import asyncio


async def main():
    task = asyncio.current_task()
    await task.get_loop().subprocess_exec(asyncio.SubprocessProtocol, "id")  # expect: PG004
    future = asyncio.get_running_loop().create_future()
    await future.get_loop().subprocess_shell(asyncio.SubprocessProtocol, "id")  # expect: PG004


policy_loop = asyncio.get_event_loop_policy().new_event_loop()
policy_loop.run_until_complete(policy_loop.subprocess_shell(asyncio.SubprocessProtocol, "id"))  # expect: PG004
asyncio.run(main())
