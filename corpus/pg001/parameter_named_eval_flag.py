# corpus: profile=safe_eval decision=allow
"""A parameter named eval is a local boolean, not the builtin."""


def score(predictions: list[int], labels: list[int], eval: bool = False) -> float:
    correct = sum(p == t for p, t in zip(predictions, labels))
    if eval:
        return correct / len(labels)
    return float(correct)


print(score([1, 0, 1], [1, 1, 1], eval=True))
