# corpus: profile=safe_eval decision=allow
# Class patterns over the file's dataclasses and builtins read the fields
# they declare.
from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int


def where(value):
    match value:
        case Point(x, y):
            return x + y
        case int(number) | float(number):
            return number
        case Point(x=0):
            return 0
    return None


print(where(Point(1, 2)), where(3))
