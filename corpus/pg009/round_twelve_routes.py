# corpus: profile=plotting decision=deny
# DataFrame.eval handed on from a parameter (a converter that runs a cell of
# the data file); a module stored by a loop into an attribute; a private
# switch on an instance of a class with a base or a decorator (either may
# make another object); TeX through an imported alias of Text; a canvas's
# print method's path by its own keyword.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.text import Text as Label


def read_with(frame):
    return pd.read_csv("input/a.csv", converters={"c": frame.eval})  # expect: PG009


class Box:
    pass


box = Box()
for box.module in [pd]:  # expect: PG003
    pass
fig, ax = plt.subplots()
title = ax.set_title("hello")


class Base:
    def __new__(cls):
        return title


class Made(Base):
    pass


made = Made()
made._usetex = True  # expect: PG009
tex = Label(0, 0, "x", None, "baseline", "left", None, None, None, None, None, True)  # expect: PG004
fig.canvas.print_png(filename_or_obj="/tmp/figure.png")  # expect: PG006
