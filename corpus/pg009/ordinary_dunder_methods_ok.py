# corpus: profile=safe_eval decision=allow
# Dunders that are ordinary methods and values: an explicit base-class call,
# operator and protocol methods used as functions, a version string. Each
# gives what the syntax it stands for gives.
import functools


class Base:
    def __init__(self, size):
        self.size = size

    def __len__(self):
        return self.size


class Child(Base):
    def __init__(self):
        Base.__init__(self, 3)

    def __eq__(self, other):
        return Base.__eq__(self, other)


product = functools.reduce(int.__mul__, [1, 2, 3, 4])
d = {"a": 1}
first = list(map(d.__getitem__, ["a"]))
ordered = sorted(["b", "a"], key=functools.cmp_to_key(lambda a, b: str.__lt__(b, a) - str.__lt__(a, b)))
sizes = Child().__len__(), len.__call__([1]), (1).__add__(2), "x".__repr__(), "{}".__format__("")
version = functools.__version__ if hasattr(functools, "__version__") else "?"
