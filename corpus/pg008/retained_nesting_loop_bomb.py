# corpus: profile=safe_eval decision=deny
"""Each trip keeps a new list holding the last: 10 million lists of at least 64 bytes each are retained."""
a = []
for _ in range(10**7):
    a = [a]  # expect: PG008
