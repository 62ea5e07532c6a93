# corpus: profile=safe_eval decision=deny
"""dataclasses holds builtins under its own name."""
import dataclasses

b = dataclasses.builtins  # expect: PG003
b.exec("print(1)")  # expect: PG001
