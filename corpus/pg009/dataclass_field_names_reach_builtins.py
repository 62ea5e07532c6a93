# corpus: profile=data_processing decision=deny
# Names travel as data: make_dataclass turns its field names into
# __match_args__, so a class pattern reads the attribute a string names
# (__builtins__ of a function registered as a Number). The tables say
# make_dataclass takes attribute names (names:fields#1).
import dataclasses
import numbers

C = dataclasses.make_dataclass("C", ["__builtins__"], bases=(numbers.Number,))  # expect: PG009


def f():
    pass


C.register(type(f))
match f:
    case C(b):  # expect: PG009
        b["__import__"]("os").system("id")
