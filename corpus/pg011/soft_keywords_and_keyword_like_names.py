# corpus: profile=code_pool decision=allow
"""Names that look like keywords are names: `match` and `case` are soft keywords,
`lambda_`, `for_each` and `import_rate` are identifiers; keywords in strings and
comments are text (for, while, lambda, import, class, __class__)."""


def for_each(items: list, lambda_: float) -> list:
    return items[:1] if lambda_ > 0 else items


def policy(state: dict) -> str:
    match = state.get("match", "none")
    case = state.get("case", "")
    import_rate = 0.5  # import os; for x in y: while True: lambda: 0
    label = "for while lambda import class __class__ __name__"
    return match + case + str(import_rate) + label + str(for_each([1], 1.0))
