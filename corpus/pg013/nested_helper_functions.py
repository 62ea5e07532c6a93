# corpus: profile=code_pool decision=allow
"""Nested defs, calls to the file's own functions, divmod, pow and zip."""


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def policy(hours: int, rates: list[float]) -> tuple:
    def cap(value: float) -> float:
        return clamp(value, 0.0, pow(10, 3))

    days, rest = divmod(hours, 24)
    paired = list(zip(range(len(rates)), rates))
    return days, rest, cap(sum(rates)), paired[:2]
