# corpus: profile=safe_eval decision=allow
"""A parameter named importer is whatever callable the caller passes, not __import__."""
from typing import Callable


def load_all(names: list[str], importer: Callable[[str], object]) -> list[object]:
    return [importer(name) for name in names]


print(load_all(["a", "b"], str.upper))
