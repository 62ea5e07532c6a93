# corpus: profile=safe_eval decision=allow
"""collections is allowed, so its submodule collections.abc is too (prefix rule)."""
import collections.abc


def is_mapping(value):
    return isinstance(value, collections.abc.Mapping)


print(is_mapping({}), is_mapping([]))
