# corpus: profile=plotting decision=allow
# Settings that style and start nothing, and the program-starting ones left
# off.
import matplotlib
import matplotlib.pyplot as plt

matplotlib.rcParams["lines.linewidth"] = 2
matplotlib.rcParams["text.usetex"] = False
plt.rcParams.update({"font.size": 12, "axes.grid": True})
matplotlib.rc("font", size=10)
with plt.rc_context({"figure.dpi": 100}):
    plt.plot([1, 2])
plt.title("x", usetex=False)
plt.savefig("output/plot.png")
