# corpus: profile=safe_eval decision=deny
"""A decorator factory that installs a signal handler."""
import signal  # expect: PG003


def on(signum):
    def register(handler):
        signal.signal(signum, handler)  # expect: PG004
        return handler
    return register


@on(signal.SIGALRM)  # expect: PG004
def expired(signum, frame):
    raise TimeoutError("too slow")
