# corpus: profile=safe_eval decision=deny
"""Dangerous builtins kept in a list, tuple or dict literal and picked out by a constant key are judged where they are called."""
fs = (len, getattr)  # expect: PG009
fs[-1](print, "__self__")  # expect: PG009
fs[0]("harmless")
pick = {"g": getattr, "l": len}  # expect: PG009
pick["g"](print, "__globals__")  # expect: PG009
pick["l"]("harmless")
