# corpus: profile=safe_eval decision=allow
"""A named tuple's _fields, _replace, _asdict and _make are its public interface, not module internals."""
import collections
import typing


class Point(typing.NamedTuple):
    x: int
    y: int


Pair = collections.namedtuple("Pair", "a b")
p = Point(1, 2)._replace(y=3)
print(p._asdict(), Point._fields, Pair._make([1, 2]), p._fields)
