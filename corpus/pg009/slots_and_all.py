# corpus: profile=safe_eval decision=allow
"""Assigning __all__ and __slots__ in module and class bodies is a declaration, not a read."""
__all__ = ["Vector"]
__version__ = "1.0"


class Vector:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y
