# corpus: profile=safe_eval decision=allow
# Ordinary class, value and mapping patterns read no dunder: allowed.
import enum


class Color(enum.Enum):
    RED = 1


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def describe(subject):
    match subject:
        case Point(x=0, y=0):
            return "origin"
        case Point(x, y=1):
            return f"x={x}"
        case Color.RED:
            return "red"
        case {"name": name}:
            return name
    return "other"
