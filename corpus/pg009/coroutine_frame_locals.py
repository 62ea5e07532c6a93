# corpus: profile=safe_eval decision=deny
"""A coroutine object's cr_frame exposes its locals before it runs."""
async def task(token):
    return token


coro = task("abc")
print(coro.cr_frame.f_locals)  # expect: PG009 PG009
coro.close()
