# corpus: profile=code_pool decision=allow
"""code_pool's syntax.forbid has neither assert nor star-args."""


def total(*values: float, **weights: float) -> float:
    return sum(values) + sum(weights.values())


def policy(xs: list, named: dict) -> float:
    assert len(xs) < 100, "too many"
    return total(*xs, **named)
