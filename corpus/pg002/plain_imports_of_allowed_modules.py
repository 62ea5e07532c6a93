# corpus: profile=safe_eval decision=allow
"""Static imports of allowed modules, including submodules, are what the allowlist checks."""
import collections.abc
import json
from datetime import date, timedelta
from functools import reduce

deadline = date(2024, 1, 31) + timedelta(days=7)
total = reduce(lambda a, b: a + b, [1, 2, 3])
print(json.dumps({"due": deadline.isoformat(), "total": total}), isinstance({}, collections.abc.Mapping))
