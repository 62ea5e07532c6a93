# corpus: profile=safe_eval decision=deny
# functools.singledispatch's register reads the function's annotations with
# typing.get_type_hints, which evaluates an annotation that is a string: a
# name, an attribute or an item bound to a string, or a string naming such a
# name, is that string's code.
from functools import singledispatch

code = "__import__('os').system('id') or int"
parts = [code]


class Holder:
    text = code


@singledispatch
def show(x):
    return 0


@show.register
def by_name(x: code):  # expect: PG001
    return 1


@show.register
def by_item(x: parts[0]):  # expect: PG001
    return 2


@show.register
def by_attribute(x: Holder.text):  # expect: PG001
    return 3


@show.register
def by_named_string(x: "code"):  # expect: PG001
    return 4


@show.register
def plain(x: int):
    return 5
