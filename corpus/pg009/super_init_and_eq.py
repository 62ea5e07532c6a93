# corpus: profile=safe_eval decision=allow
"""Dunder methods called on super() (outside the escape list) are ordinary inheritance."""
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


class Labeled(Point):
    def __init__(self, x, y, label):
        super().__init__(x, y)
        self.label = label

    def __eq__(self, other):
        return super().__eq__(other) and self.label == getattr(other, "label", None)
