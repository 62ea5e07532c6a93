# corpus: profile=safe_eval decision=allow
"""A __setattr__ override delegating to super().__setattr__ (not in the escape list)."""
class Frozen:
    def __init__(self, value):
        super().__setattr__("value", value)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen")


print(Frozen(3).value)
