# corpus: profile=safe_eval decision=deny
"""A dunder name spelt backwards and reversed with a slice."""
base = getattr(int, "__esab__"[::-1])  # expect: PG009
print(base)
