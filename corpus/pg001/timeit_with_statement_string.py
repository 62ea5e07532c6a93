# corpus: profile=safe_eval decision=deny
"""timeit.timeit executes its statement string."""
import timeit  # expect: PG003

statement = "sorted(range(1000), reverse=True)"
elapsed = timeit.timeit(statement, number=100)  # expect: PG001
print(f"{elapsed:.4f}s")
