# corpus: profile=safe_eval decision=allow
"""Defining dunder methods is not reading dunder attributes."""
class Money:
    __hash__ = None

    def __init__(self, cents):
        self.cents = cents

    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents

    def __repr__(self):
        return f"Money({self.cents})"

    def __del__(self):
        self.cents = 0
