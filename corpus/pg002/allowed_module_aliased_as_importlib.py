# corpus: profile=safe_eval decision=allow
"""An allowed module imported under the alias importlib is still that module."""
import collections as importlib
from itertools import chain as reload

counts = importlib.Counter("mississippi")
merged = list(reload([1, 2], [3]))
print(counts.most_common(2), merged)
