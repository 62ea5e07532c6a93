# corpus: profile=safe_eval decision=deny
"""eval passed as a value to map, never called by name."""
expressions = ["1 + 1", "2 * 3", "10 - 4"]
results = list(map(eval, expressions))  # expect: PG001
print(results)
