# corpus: profile=safe_eval decision=deny
# Three functions that call each other before any branch.
def ping(n):
    return pong(n + 1)


def pong(n):
    return pang(n + 1)


def pang(n):
    return ping(n + 1)  # expect: PG008


ping(0)
