# corpus: profile=safe_eval decision=deny
"""threading.Thread is a warning (thread bombs); the threading import itself is PG003."""
import threading  # expect: PG003


def work(n):
    return n * n


threads = [threading.Thread(target=work, args=(i,)) for i in range(1000)]  # expect: PG004
for t in threads:
    t.start()
