# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name built by + concatenation."""
import builtins  # expect: PG003

evaluate = getattr(builtins, "ev" + "al")  # expect: PG001
print(evaluate("1 + 1"))  # expect: PG001
