# corpus: profile=safe_eval decision=allow
"""Classes deriving from builtins and from allowed modules' classes: their methods are no finding,
and what a class of the file defines hides what its named bases have."""
import collections
import enum
import typing


class Counter(dict):
    def bump(self, key):
        self[key] = self.get(key, 0) + 1
        return self.items()


class Color(enum.Enum):
    RED = 1

    def describe(self):
        return self.name.lower() + str(self.value)


class Pair(typing.NamedTuple):
    a: int
    b: int

    def total(self):
        return self.a + self.b + len(self._fields)


class Store(collections.UserDict):
    def keys_sorted(self):
        return sorted(self.data)


class Problem(ValueError):
    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def show(self):
        return str(self.args) + self.message


class Base:
    def run(self):
        return 1


class Child(Base):
    def run(self):
        return super().run() + 1


counter = Counter()
counter.bump("x")
print(Color.RED.describe(), Pair(1, 2).total(), Store(a=1).keys_sorted(), Problem("p").show(), Child().run())
print(type(counter).__name__)
