# corpus: profile=safe_eval decision=deny
"""A walrus inside a condition binds eval to a new name."""


def evaluate_all(expressions: list[str]) -> list[object]:
    if (fn := eval) is not None:  # expect: PG001
        return [fn(text) for text in expressions]  # expect: PG001
    return []
