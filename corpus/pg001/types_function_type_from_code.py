# corpus: profile=safe_eval decision=deny
"""types.FunctionType builds a new function from another function's code object."""
import types  # expect: PG003


def template(x):
    return x + 1


clone = types.FunctionType(template.__code__, {})  # expect: PG001 PG009
print(clone(1))
