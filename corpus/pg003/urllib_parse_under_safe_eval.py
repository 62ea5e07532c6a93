# corpus: profile=safe_eval decision=deny
"""urllib.parse is allowed by networked, not by safe_eval."""
from urllib.parse import quote  # expect: PG003

print(quote("a b&c"))
