# corpus: profile=safe_eval decision=allow
"""`from __future__ import annotations` and an `if __name__ == "__main__":` block."""
from __future__ import annotations


def run(jobs: list[Job]) -> int:
    return sum(len(j) for j in jobs)


Job = str

if __name__ == "__main__":
    print(run(["a", "bc"]))
