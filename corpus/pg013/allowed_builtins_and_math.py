# corpus: profile=code_pool decision=allow
"""A policy that uses only allowed builtins and attributes of the pre-injected math."""


def policy(state: dict) -> float:
    speed = abs(state.get("speed", 0.0))
    distance = math.hypot(state["dx"], state["dy"])
    budget = max(min(distance / (speed + 1.0), 10.0), math.pi / 4)
    return round(math.floor(budget * 100) / 100, 2)
