# corpus: profile=code_pool decision=allow
"""Parameters named input, type and id shadow the builtins of the same names."""


def policy(input: dict, type: str, id: int) -> int:
    if type == "bonus":
        return input.get("points", 0) * 2 + id
    return input.get("points", 0)
