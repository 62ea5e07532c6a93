# corpus: profile=safe_eval decision=allow
"""Describe shapes and commands with structural pattern matching."""
import math
from dataclasses import dataclass


@dataclass
class Point:
    x: float
    y: float


@dataclass
class Circle:
    centre: Point
    radius: float


@dataclass
class Rect:
    corner: Point
    width: float
    height: float


def area(shape) -> float:
    match shape:
        case Circle(radius=r) if r >= 0:
            return math.pi * r ** 2
        case Rect(width=w, height=h):
            return w * h
        case Point():
            return 0.0
        case _:
            raise ValueError(f"not a shape: {shape!r}")


def command(text: str) -> str:
    match text.split():
        case ["move", ("up" | "down") as direction, steps]:
            return f"moving {direction} {int(steps)} steps"
        case ["say", *words]:
            return " ".join(words)
        case {"unused": value}:
            return str(value)
        case []:
            return "nothing"
        case _:
            return "unknown"


shapes = [Circle(Point(0, 0), 2), Rect(Point(1, 1), 3, 4), Point(5, 5)]
areas = [round(area(s), 3) for s in shapes]
replies = [command(t) for t in ("move up 3", "say hello there", "", "jump")]
print(areas, replies)
