# corpus: profile=safe_eval decision=deny
"""A list of multiprocessing.Process workers."""
from multiprocessing import Process  # expect: PG003


def burn():
    return sum(range(10**7))


workers = [Process(target=burn) for _ in range(64)]  # expect: PG004
for worker in workers:
    worker.start()
