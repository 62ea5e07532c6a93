# corpus: profile=safe_eval decision=allow
"""Allowlisted modules under aliases stay allowed."""
import collections as c
import itertools as it
from functools import reduce as fold

counts = c.Counter(it.chain("abc", "bcd"))
print(counts.most_common(2), fold(lambda a, b: a + b, range(5)))
