# corpus: profile=safe_eval decision=allow
# A self-call after a `return` or a `raise` in the same straight-line code
# never runs: dead code, not recursion. So is a mutual call there.
def stub(n):
    return n
    stub(n - 1)


def refuse(n):
    raise ValueError(n)
    return refuse(n - 1)


def ping(n):
    return 0
    pong(n)


def pong(n):
    return ping(n)


print(stub(1), pong(2))
