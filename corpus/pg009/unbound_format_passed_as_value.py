# corpus: profile=safe_eval decision=deny
"""str.format passed on as a value (functools.partial, map, operator.call) is called on format strings no call
shows: the constant strings beside it are judged as format strings (a dunder field denies), and otherwise it is a
review, even beside ordinary templates: no call shows what it is given."""
import functools
import operator

print(functools.partial(str.format, "{0.__globals__}")(print))  # expect: PG009
print(list(map(str.format, ["{0.__globals__}"], [print])))  # expect: PG009
print(operator.call(str.format, "{0.__class__}", 1))  # expect: PG009
formatters = [str.format_map]  # expect: PG009
print(list(map(str.format, ["{0} and {1}"], [1], [2])))  # expect: PG009
