# corpus: profile=safe_eval decision=deny
"""exec reached as an attribute of the builtins module."""
import builtins  # expect: PG003

code = "values = [n * n for n in range(5)]"
scope = {}
builtins.exec(code, scope)  # expect: PG001
print(scope["values"])
