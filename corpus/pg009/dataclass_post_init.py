# corpus: profile=safe_eval decision=allow
"""A dataclass __post_init__ and a classmethod using cls.__name__ in a message."""
from dataclasses import dataclass


@dataclass
class Range:
    low: int
    high: int

    def __post_init__(self):
        if self.low > self.high:
            raise ValueError(f"{type(self).__name__}: low > high")
