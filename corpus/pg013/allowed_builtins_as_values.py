# corpus: profile=code_pool decision=allow
"""Allowed builtins passed as values (sort keys, a copy) are fine."""
measure = len


def policy(words: list[str]) -> list[str]:
    ordered = sorted(words, key=len, reverse=True)
    return list(reversed(ordered))[: measure(words) // 2 + 1]
