# corpus: profile=code_pool decision=allow
"""A user function named format shadows the forbidden builtin."""


def format(value: float) -> str:
    return str(round(value, 2))


def policy(state: dict) -> str:
    return format(state["score"]) + "/" + format(state["total"])
