# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name assembled by str.format."""
import builtins  # expect: PG003

fn = getattr(builtins, "{}{}".format("ev", "al"))  # expect: PG001
print(fn("3 ** 3"))  # expect: PG001
