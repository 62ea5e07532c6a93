# corpus: profile=plotting decision=review
# A class of the program that derives from a library class: a private name
# on its instances may be the library's own internal (matplotlib's Text runs
# TeX when `_usetex` is set), which the tables do not list, even when the
# class's body sets it too (the library reads it as its own). A method the
# body defines is the class's own: the library calling it runs judged code.
# A mixin of the file's, combined with a library class, is the same.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
from matplotlib.text import Text


class Label(Text):
    _padding = 2

    def _measure(self):
        return self._padding  # expect: PG009

    def tex(self):
        self._usetex = True  # expect: PG009
        return self._measure()


class Plain:
    def __init__(self):
        self._cache = {}


class TexMixin:
    def tex(self):
        self._usetex = True  # expect: PG009


class MixedLabel(TexMixin, Text):
    pass


fig, ax = plt.subplots()
ax.add_artist(Label(0.5, 0.5, "hello"))
holder = Plain()
