# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name hidden by rot13."""
import builtins  # expect: PG003
import codecs  # expect: PG003

fn = getattr(builtins, codecs.decode("riny", "rot13"))  # expect: PG001
print(fn("1 + 1"))  # expect: PG001
