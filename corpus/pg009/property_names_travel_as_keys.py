# corpus: profile=plotting decision=deny
# A property's name travels as a dictionary key and as the program's own
# keyword, into matplotlib's set and update by ** or a dictionary filled
# later: wherever the name is written with its value, the value is judged as
# the property's (a tick formatter's format string reads attributes).
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.xaxis.set(**{"major_formatter": "{x.__class__.__mro__}"})  # expect: PG009
ax.xaxis.set(**dict(minor_formatter="{x.__class__}"))  # expect: PG009
props = {}
props["major_formatter"] = "{x.__class__}"  # expect: PG009
ax.yaxis.update(props)  # expect: PG009
more = dict()
more.setdefault("minor_formatter", "{x.__class__}")  # expect: PG009
ax.yaxis.update(more)  # expect: PG009


def style_axis(axis, **properties):
    axis.set(**properties)


style_axis(ax.xaxis, major_formatter="{x.__class__}")  # expect: PG009
fig.savefig("output/a.png")
