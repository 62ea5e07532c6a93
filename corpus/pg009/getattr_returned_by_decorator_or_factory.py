# corpus: profile=safe_eval decision=review
"""A function returning getattr is followed to its calls only when the file calls it by name and nothing else:
used as a decorator, or handed to defaultdict as its factory, it is called where no site shows."""
import collections


def deco(f):
    return getattr  # expect: PG009


@deco
def g():
    pass


print(g((), "__class__"))

table = collections.defaultdict(lambda: getattr)  # expect: PG009
print(table["k"]((), "__class__"))


def factory():
    return getattr  # expect: PG009


other = collections.defaultdict(factory)
print(other["k"]((), "__class__"))


def direct():
    return getattr


print(direct()((), "__name__"))
