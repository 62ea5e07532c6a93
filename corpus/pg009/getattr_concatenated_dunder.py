# corpus: profile=safe_eval decision=deny
"""getattr with a dunder name split in two and joined at run time."""
value = 42
kind = getattr(value, "__cla" + "ss__")  # expect: PG009
print(kind)
