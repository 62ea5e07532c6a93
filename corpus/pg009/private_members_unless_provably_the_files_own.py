# corpus: profile=plotting decision=review
# A private name is the file's own only on a name bound once to one of its
# classes' instances, or on self in a method reached only through
# instances. An attribute, an item, a call's result, another parameter, or
# self of a method also called through its class (Helper.tex(text)) may
# hold a library object, whose private switches (`_usetex`) skip the
# checks: a review.
import functools

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
title = ax.set_title("hello")


class Plain:
    def __init__(self):
        self._cache = {}


class Holder:
    def __init__(self):
        self.item = Plain()


class Helper:
    def tex(self):
        self._usetex = True  # expect: PG009


def mark(o=Plain()):
    o._usetex = True  # expect: PG009


holder = Holder()
holder.item._usetex = True  # expect: PG009
items = [Plain()]
items[0]._usetex = True  # expect: PG009
Helper.tex(title)
functools.partial(Helper.tex)(title)
mark(title)
own = Plain()
print(own._cache)
