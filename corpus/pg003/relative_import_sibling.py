# corpus: profile=safe_eval decision=deny
"""Relative imports have no package context and are always refused."""
from . import helpers  # expect: PG003

print(helpers.VERSION)
