# corpus: profile=safe_eval decision=deny
"""eval fetched from __builtins__.__dict__ by key."""
table = "1 + 2 * 3"
value = __builtins__.__dict__["eval"](table)  # expect: PG001 PG009 PG009
print(value)
