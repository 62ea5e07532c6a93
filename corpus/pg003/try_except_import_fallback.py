# corpus: profile=safe_eval decision=deny
"""Both branches of an ImportError fallback are checked: ujson is refused, json is allowed."""
try:
    import ujson as json  # expect: PG003
except ImportError:
    import json

print(json.dumps([1, 2, 3]))
