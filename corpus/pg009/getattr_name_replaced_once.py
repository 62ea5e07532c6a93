# corpus: profile=safe_eval decision=deny
"""str.replace's count: "____class__".replace("__", "", 1) is __class__, not "class"."""
print(getattr((), "____class__".replace("__", "", 1)))  # expect: PG009
