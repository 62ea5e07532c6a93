# corpus: profile=safe_eval decision=deny
"""The prefix rule is on dotted names: allowing collections does not allow collections_extended."""
import collections
import collections_extended  # expect: PG003

print(collections.Counter("abc"), collections_extended)
