# corpus: profile=safe_eval decision=deny
"""A lambda returns eval; the call of its result runs the string."""
get_engine = lambda: eval  # expect: PG001

result = get_engine()("40 + 2")  # expect: PG001
print(result)
