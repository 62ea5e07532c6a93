# corpus: profile=safe_eval decision=deny
"""type(x).__mro__ reaches object, then __subclasses__ reaches everything."""
top = type(1).__mro__[-1]  # expect: PG009
print(top.__subclasses__())  # expect: PG009
