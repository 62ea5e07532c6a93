# corpus: profile=safe_eval decision=deny
"""A dunder name spelled as UTF-16-LE bytes and decoded: the folder decodes it as CPython does."""
name = b"_\x00_\x00c\x00l\x00a\x00s\x00s\x00_\x00_\x00".decode("utf-16-le")
print(getattr((), name))  # expect: PG009
