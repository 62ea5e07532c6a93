# corpus: profile=safe_eval decision=deny
"""globals() hands over the module namespace, including __builtins__."""
table = globals()  # expect: PG009
print(len(table))
