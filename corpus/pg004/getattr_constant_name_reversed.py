# corpus: profile=safe_eval decision=deny
"""getattr with a name bound to a reversed string constant."""
import os  # expect: PG003

name = "nepop"[::-1]
pipe = getattr(os, name)  # expect: PG004
print(pipe("id").read())  # expect: PG004
