# corpus: profile=safe_eval decision=deny
"""An attribute read inside an f-string replacement field is still an attribute read."""
value = 3.5
print(f"type is {value.__class__}")  # expect: PG009
