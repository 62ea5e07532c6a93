# corpus: profile=safe_eval decision=deny
"""A function's __globals__ is the module namespace it was defined in, builtins included."""
def handler(event):
    return event


namespace = handler.__globals__  # expect: PG009
print(sorted(namespace))
