# corpus: profile=plotting decision=allow
# Ordinary settings code: one dictionary given to two setters, rcParams
# saved and restored, its keys listed.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

params = {"figure.dpi": 100, "axes.grid": True}
plt.rcParams.update(params)
with plt.rc_context(params):
    plt.plot([1, 2])
saved = plt.rcParams.copy()
old = dict(plt.rcParams)
plt.rcParams["lines.linewidth"] = 3
plt.rcParams.update(saved)
plt.rcParams.update(old)
for key in plt.rcParams:
    if key.startswith("font."):
        print(key)
plt.savefig("output/a.png")
