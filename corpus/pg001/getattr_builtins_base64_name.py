# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name decoded from base64 (base64 itself is allowed)."""
import base64
import builtins  # expect: PG003

fn = getattr(builtins, base64.b64decode("ZXZhbA==").decode())  # expect: PG001
print(fn("sum([1, 2, 3])"))  # expect: PG001
