# corpus: profile=code_pool decision=allow
"""What code_pool still allows: docstrings, annotations, literals of every kind,
subscripts and slices, conditional expressions, nested def, calls to the file's
own functions, to attributes of math and of parameters, assert, and `*`/`**`
in calls (star-args is not in code_pool's syntax.forbid)."""

LIMITS: dict = {"low": 0.5, "high": 2.0, "steps": (1, 2, 3), "flags": {True, False}, "raw": b"\x00"}


def clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    """Clamp a value."""
    return low if value < low else high if value > high else value


def policy(state: dict, rng, *, scale: float = 1.0) -> list:
    def scaled(x: float) -> float:
        return clamp(x * scale, LIMITS["low"], LIMITS["high"])

    assert scale > 0
    jitter = rng.random() * math.pi
    picks = [scaled(state.get("a", 0.0)), scaled(jitter), None, ...]
    print(*picks[:2], sep=", ")
    return sorted(picks[:2])[::-1] + list(LIMITS["steps"][1:])
