# corpus: profile=plotting decision=review
# A library object's private members skip the checks its public methods and
# properties get (a text's _usetex, an axis's _set_formatter).
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
title = ax.set_title("t")
title._usetex = True  # expect: PG009
ax.xaxis._set_formatter("{x}", ax.xaxis.major)  # expect: PG009
fig.savefig("output/a.png")
