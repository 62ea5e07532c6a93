# corpus: profile=safe_eval decision=allow
"""Without asyncio there is no event loop: a user's create_connection is no guess, and an untraced
loop's harmless methods are no finding either."""


class Pool:
    def create_connection(self):
        return {"open": True}


def use(pool, scheduler):
    scheduler.call_later(1, print)
    return pool.create_connection(), scheduler.run_until_complete(None)


print(use(Pool(), None) if False else "skipped")
