# corpus: profile=safe_eval decision=deny
# A class pattern reads the attributes its class's __match_args__ names: a
# class of the file can name any attribute there, directly or as a
# dataclass's fields, and a virtual subclass makes any object match.
import numbers
from dataclasses import dataclass


class Reader:
    __match_args__ = ("__globals__",)


@dataclass
class Fields(numbers.Number):
    __builtins__: dict  # expect: PG010


def target():
    pass


Fields.register(type(target))
match target:
    case Reader(namespace):  # expect: PG009
        print(namespace)
    case Fields(builtins_dict):  # expect: PG009
        print(builtins_dict)
