# corpus: profile=plotting decision=allow
# A Cycler made by cycler() is data: matplotlib evaluates nothing.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

plt.rcParams["axes.prop_cycle"] = matplotlib.cycler(color=["r", "g", "b"])
colours = plt.cycler(color=["k", "m"])
plt.rc("axes", prop_cycle=colours)
plt.plot([1, 2])
plt.savefig("output/a.png")
