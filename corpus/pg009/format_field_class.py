# corpus: profile=safe_eval decision=deny
"""str.format replacement fields read attributes: `{0.__class__}` is an attribute walk."""
x = 7
print("{0.__class__}".format(x))  # expect: PG009
