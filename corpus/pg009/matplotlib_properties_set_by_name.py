# corpus: profile=plotting decision=deny
# matplotlib's set, setp and update hand each property to set_NAME: a format
# string for a tick formatter reads the attributes its fields name, and a
# text's usetex runs latex, however the property is spelled.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.xaxis.set(major_formatter="{x.__class__.__mro__}")  # expect: PG009
plt.setp(ax.yaxis, major_formatter="{x.__class__}")  # expect: PG009
ax.xaxis.update({"major_formatter": "{x.__class__}"})  # expect: PG009 PG009
title = plt.title("t")
plt.setp(title, "usetex", True)  # expect: PG009
fig.savefig("output/a.png")
image = plt.imshow([[1, 2], [3, 4]])
plt.colorbar(image, format="{x.__class__}")  # expect: PG009
