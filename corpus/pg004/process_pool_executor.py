# corpus: profile=safe_eval decision=deny
"""concurrent.futures.ProcessPoolExecutor used as a context manager."""
from concurrent.futures import ProcessPoolExecutor  # expect: PG003


def square(n):
    return n * n


with ProcessPoolExecutor(max_workers=8) as pool:  # expect: PG004
    print(list(pool.map(square, range(100))))  # expect: PG004
