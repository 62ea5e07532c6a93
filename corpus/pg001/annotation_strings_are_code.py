# corpus: profile=safe_eval decision=deny
# typing.get_type_hints evaluates string annotations with eval, and
# functools.singledispatch's register calls it on the function it registers:
# a string annotation that is more than a type runs as code.
import functools
import typing


@functools.singledispatch
def show(x):
    return str(x)


@show.register
def _(x: "__import__('os').system('id') or int"):  # expect: PG001
    return "int"


@show.register
def _(x: typing.List["eval"]):  # expect: PG001
    return "list"


Alias = typing.List["(lambda: 0)()"]  # expect: PG001
Ref = typing.ForwardRef("print('hi')")  # expect: PG001
T = typing.TypeVar("T", bound="X[open]")  # expect: PG001
Gen = list["x.__class__"]  # expect: PG001


class C:
    attr: "ｅｖａｌ"  # expect: PG001
    other: "Z[f'{1}']"  # expect: PG001


def annotated(x: typing.Annotated["(lambda: 0)()", "metadata (never evaluated)"]):  # expect: PG001
    return x
