# corpus: profile=safe_eval decision=deny
"""format_map fields read attributes of the mapping's values."""
print("{x.__class__}".format_map({"x": 1}))  # expect: PG009
