# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a name joined from single letters."""
import builtins  # expect: PG003

name = "".join(["e", "x", "e", "c"])
runner = getattr(builtins, name)  # expect: PG001
runner("x = 1")  # expect: PG001
