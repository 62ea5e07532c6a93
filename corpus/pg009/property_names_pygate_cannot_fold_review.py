# corpus: profile=plotting decision=review
# Keyword names behind ** that pygate cannot fold, handed to matplotlib's set
# (which calls set_NAME for each) or to the program's own function.
import sys

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt


def style_axis(axis, **properties):
    axis.set(**properties)


fig, ax = plt.subplots()
name = "major_" + sys.argv[0][:0] + "formatter"
ax.xaxis.set(**{name: "{x}"})  # expect: PG009
style_axis(ax.yaxis, **{name: "{x}"})  # expect: PG009
fig.savefig("output/a.png")
