# corpus: profile=safe_eval decision=allow
"""Configuration passed as arguments, with __future__ annotations and a main guard."""
from __future__ import annotations


def connect(env: dict[str, str]) -> str:
    return env.get("DATABASE_URL", "sqlite://")


if __name__ == "__main__":
    print(connect({"DATABASE_URL": "postgres://db"}))
