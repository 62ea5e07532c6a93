# corpus: profile=safe_eval decision=deny
"""typing is allowed; typing_extensions is another module."""
from typing_extensions import TypedDict  # expect: PG003


class Point(TypedDict):
    x: int
    y: int
