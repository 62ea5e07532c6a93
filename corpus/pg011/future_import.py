# corpus: profile=code_pool decision=deny
"""A __future__ import is always allowed by PG003, but it is still an import statement."""
from __future__ import annotations  # expect: PG011


def policy(x: float) -> float:
    return x / 2
