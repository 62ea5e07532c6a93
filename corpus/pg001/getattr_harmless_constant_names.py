# corpus: profile=safe_eval decision=allow
"""getattr and hasattr with harmless constant attribute names."""
from dataclasses import dataclass


@dataclass
class Point:
    x: float
    y: float


p = Point(1.5, -2.0)
coords = [getattr(p, "x"), getattr(p, "y", 0.0)]
is_mapping = hasattr(p, "items")
print(coords, is_mapping, getattr(p, "z", None))
