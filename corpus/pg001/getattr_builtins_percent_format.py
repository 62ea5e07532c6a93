# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name assembled by % formatting."""
import builtins  # expect: PG003

fn = getattr(builtins, "%s%s" % ("ex", "ec"))  # expect: PG001
fn("print('formatted')")  # expect: PG001
