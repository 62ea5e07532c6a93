# corpus: profile=safe_eval decision=allow
"""An ImportError fallback where the only import is allowed."""
try:
    import json
except ImportError:
    json = None

print(json.dumps({"fallback": json is None}))
