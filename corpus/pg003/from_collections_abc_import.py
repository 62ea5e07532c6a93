# corpus: profile=safe_eval decision=allow
"""`from collections.abc import ...` under the prefix rule."""
from collections.abc import Iterable, Mapping


def flatten(items):
    for item in items:
        if isinstance(item, Iterable) and not isinstance(item, (str, Mapping)):
            yield from flatten(item)
        else:
            yield item


print(list(flatten([1, [2, [3, "ab"]], {"k": 1}])))
