# corpus: profile=safe_eval decision=allow
"""self.__balance is a name-mangled private attribute (no trailing underscores), not a dunder."""
class Wallet:
    def __init__(self):
        self.__balance = 0

    def deposit(self, amount):
        self.__balance += amount
        return self.__balance


print(Wallet().deposit(5))
