# corpus: profile=safe_eval decision=allow
# Calling a generator function only builds a generator object.
def naturals(n):
    yield n
    yield from naturals(n + 1)


async def poll():
    await poll()
