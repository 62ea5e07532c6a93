# corpus: profile=code_pool decision=deny
"""A match statement."""


def policy(move: str) -> int:
    match move:  # expect: PG011
        case "left":
            return -1
        case "right":
            return 1
    return 0
