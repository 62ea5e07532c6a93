# corpus: profile=safe_eval decision=deny
"""Only the class's name is let through: any other step from obj.__class__ is
still the way to classes, globals, frames or code."""
value = 3.5
print(value.__class__.__name__)
print(value.__class__)  # expect: PG009
base = value.__class__.__base__  # expect: PG009 PG009
print(value.__class__.__mro__)  # expect: PG009 PG009
print((value.__class__).__name__)  # expect: PG009
print(value.__class__.__name__.__class__.__subclasses__)  # expect: PG009 PG009
