# corpus: profile=code_pool decision=allow
"""Randomness only through the rng parameter; methods on parameters are allowed."""


def policy(moves: list, rng) -> str:
    if not moves:
        return "pass"
    index = int(rng.random() * len(moves))
    return moves[min(index, len(moves) - 1)]
