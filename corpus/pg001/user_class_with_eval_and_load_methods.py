# corpus: profile=safe_eval decision=allow
"""A user class whose methods are named eval and load, like a torch-style model."""


class Checkpoint:
    def __init__(self, weights: dict[str, float]):
        self.weights, self.training = weights, True

    def load(self, name: str) -> float:
        return self.weights.get(name, 0.0)

    def eval(self) -> "Checkpoint":
        self.training = False
        return self


model = Checkpoint({"a": 0.5}).eval()
print(model.load("a"), model.training)
