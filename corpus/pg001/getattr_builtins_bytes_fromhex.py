# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name decoded from hex bytes."""
import builtins  # expect: PG003

fn = getattr(builtins, bytes.fromhex("6576616c").decode())  # expect: PG001
print(fn("7 * 6"))  # expect: PG001
