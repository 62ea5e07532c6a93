# corpus: profile=safe_eval decision=deny
"""__import__ passed as a value to functools.partial."""
import functools

load = functools.partial(__import__, fromlist=["path"])  # expect: PG002
