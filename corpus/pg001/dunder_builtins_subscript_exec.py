# corpus: profile=safe_eval decision=deny
"""exec fetched from __builtins__ with a constant subscript."""
runner = __builtins__["exec"]  # expect: PG001 PG009
runner("print('loaded')")  # expect: PG001
