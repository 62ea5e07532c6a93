# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name spelled by chr() code points."""
import builtins  # expect: PG003

fn = getattr(builtins, chr(101) + chr(118) + chr(97) + chr(108))  # expect: PG001
print(fn("10 // 3"))  # expect: PG001
