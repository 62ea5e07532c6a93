# corpus: profile=safe_eval decision=deny
"""A fallback chain where neither import is allowed."""
try:
    import yaml as loader  # expect: PG003
except ImportError:
    import tomllib as loader  # expect: PG003

print(loader)
