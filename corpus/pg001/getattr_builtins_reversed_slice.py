# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a reversed string literal."""
import builtins  # expect: PG003

engine = getattr(builtins, "lave"[::-1])  # expect: PG001
print(engine("2 + 2"))  # expect: PG001
