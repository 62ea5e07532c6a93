# corpus: profile=code_pool decision=deny
"""del on a subscript of a parameter."""


def policy(state: dict) -> dict:
    del state["secret"]  # expect: PG011
    return state
