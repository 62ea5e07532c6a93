# corpus: profile=data_processing decision=deny
# typing.get_type_hints evaluates annotations, and an annotation may be a
# name bound to a string: that string is code.
import typing

T = "__import__('os').system('id')"


def f(x: T):  # expect: PG001
    pass


typing.get_type_hints(f)  # expect: PG001
