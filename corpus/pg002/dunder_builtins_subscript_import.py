# corpus: profile=safe_eval decision=deny
"""__import__ fetched from __builtins__ with a constant key; the call yields the socket module."""
importer = __builtins__["__import__"]  # expect: PG002 PG009
module = importer("socket")  # expect: PG002 PG005
