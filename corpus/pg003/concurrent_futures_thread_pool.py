# corpus: profile=safe_eval decision=deny
"""A thread pool is not a process, but concurrent is not an allowed module."""
from concurrent import futures  # expect: PG003

with futures.ThreadPoolExecutor(max_workers=2) as pool:
    print(list(pool.map(abs, [-1, -2])))
