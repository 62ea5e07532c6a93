# corpus: profile=safe_eval decision=deny
"""A list or set comprehension builds its whole result: over an endless
iterator it never finishes. A generator expression or a zip with a finite
sequence is fine."""
import itertools
from itertools import count as c

doubled = [x * 2 for x in itertools.count()]  # expect: PG008
odd = {x for x in c(5) if x % 2}  # expect: PG008
numbered = {k: v for k, v in zip(c(), "ab")}
lazy = (x for x in itertools.count())
