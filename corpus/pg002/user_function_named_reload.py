# corpus: profile=safe_eval decision=allow
"""A user function named reload, the same spelling as importlib.reload, recomputes a cache."""
CACHE = {"version": 1}


def reload(cache: dict[str, int]) -> dict[str, int]:
    return {key: value + 1 for key, value in cache.items()}


CACHE = reload(CACHE)
print(CACHE)
