# corpus: profile=safe_eval decision=allow
"""Ordinary code is far from the default limits (the standard library's deepest
file nests 29 levels; the limit is 100)."""
import statistics


def summarize(rows: list[dict]) -> dict:
    totals = {}
    for row in rows:
        for key, value in row.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                totals.setdefault(key, []).append(value)
    return {key: {"mean": statistics.fmean(v), "max": max(v), "n": len(v)} for key, v in totals.items()}
