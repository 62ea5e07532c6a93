# corpus: profile=safe_eval decision=deny
"""_thread.start_new_thread bypasses threading entirely."""
import _thread  # expect: PG003


def spin():
    return sum(range(10**6))


for _ in range(100):
    _thread.start_new_thread(spin, ())  # expect: PG004
