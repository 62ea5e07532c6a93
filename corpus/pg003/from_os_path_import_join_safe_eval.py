# corpus: profile=safe_eval decision=deny
"""`from os.path import join` under a profile without os.path."""
from os.path import join  # expect: PG003

print(join("a", "b"))
