# corpus: profile=safe_eval decision=deny
"""getattr on builtins with an f-string of names bound only to constants."""
import builtins  # expect: PG003

HEAD = "com"
TAIL = "pile"
fn = getattr(builtins, f"{HEAD}{TAIL}")  # expect: PG001
code = fn("x = 1", "<policy>", "exec")  # expect: PG001
