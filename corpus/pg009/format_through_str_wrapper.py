# corpus: profile=safe_eval decision=deny
"""Format strings read through str wrappers and subclasses are judged like str.format: UserString's format is
its text's, and a class deriving from str or UserString formats as a str does."""
import collections

print(collections.UserString("{0.__globals__}").format(print))  # expect: PG009


class Text(str):
    pass


class Wrapped(collections.UserString):
    pass


print(Text("{0.__class__}").format(1))  # expect: PG009
print(Wrapped(input()).format(print))  # expect: PG009
