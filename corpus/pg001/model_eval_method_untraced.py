# corpus: profile=safe_eval decision=allow
"""model.eval() and pattern.compile() on objects pygate cannot trace are ordinary methods."""


def evaluate_model(model, batches, pattern):
    model.eval()
    scores = [model.score(batch) for batch in batches]
    matcher = pattern.compile()
    model.train()
    return scores, matcher
