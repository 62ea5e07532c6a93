# corpus: profile=safe_eval decision=allow
"""A user function named urlopen that reads from a dict cache shadows nothing dangerous."""
CACHE = {"https://example.com/a": "alpha", "https://example.com/b": "beta"}


def urlopen(url):
    return CACHE.get(url, "")


print([urlopen(u) for u in sorted(CACHE)])
