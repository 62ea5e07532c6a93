# corpus: profile=safe_eval decision=allow
"""A staticmethod's first parameter is no instance of the class: `ctx.Process`
is another object's method, not a recursive call (multiprocessing's Pool.Process)."""


class Pool:
    @staticmethod
    def Process(ctx, *args, **kwds):
        return ctx.Process(*args, **kwds)


class Context:
    def Process(self, *args, **kwds):
        return (args, kwds)


print(Pool.Process(Context(), 1, flag=True))
