# corpus: profile=safe_eval decision=deny
"""The name __builtins__ itself is the door to every builtin."""
table = __builtins__  # expect: PG009
print(type(table))
