# corpus: profile=safe_eval decision=deny
"""eval wrapped in functools.partial with a fixed namespace."""
import functools

evaluate = functools.partial(eval, {"__builtins__": {}})  # expect: PG001
print(evaluate("1 + 2"))
