# corpus: profile=safe_eval decision=allow
"""Imports of allowed modules inside functions are fine."""


def mean_of(values):
    import statistics
    from decimal import Decimal
    return statistics.mean(Decimal(v) for v in values)


print(mean_of(["1.5", "2.5"]))
