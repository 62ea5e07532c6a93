# corpus: profile=safe_eval decision=allow
"""Ordinary methods called by name, and ordinary format strings through str wrappers, stay allowed."""
import collections
import operator

print(operator.methodcaller("upper")("abc"))
print(operator.methodcaller("format", 3)("{0} items"))
print(getattr("{0:>5}", "format")(7))
print(collections.UserString("{0} and {1}").format(1, 2))


def lookup(obj, name):
    return getattr(obj, name)


print(lookup("abc", "upper")())
