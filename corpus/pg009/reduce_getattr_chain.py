# corpus: profile=safe_eval decision=deny
"""getattr passed as a value to functools.reduce walks a list of dunder names."""
import functools

base = functools.reduce(getattr, ["__class__", "__base__"], ())  # expect: PG009
print(base)
