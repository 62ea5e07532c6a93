# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name split into adjacent string literals."""
import builtins  # expect: PG003

getattr(builtins, "ex" "ec")("print('hi')")  # expect: PG001
