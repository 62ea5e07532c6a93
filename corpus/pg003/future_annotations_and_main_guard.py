# corpus: profile=safe_eval decision=allow
"""`from __future__ import annotations` is always allowed; so is a main guard."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Node:
    value: int
    next: Node | None = None


if __name__ == "__main__":
    print(Node(1, Node(2)).next.value)
