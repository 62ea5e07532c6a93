# corpus: profile=safe_eval decision=deny
"""eval reached as an attribute of the __builtins__ name."""
expression = "2 ** 16"
value = __builtins__.eval(expression)  # expect: PG001 PG009
print(value)
