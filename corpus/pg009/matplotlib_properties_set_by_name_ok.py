# corpus: profile=plotting decision=allow
# Properties set by name with plain values: nothing a name or format string
# could reach.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2], [3, 4], alpha=0.5, transform=ax.transAxes, label="line")
plt.setp(ax.get_xticklabels(), rotation=45, ha="right")
ax.xaxis.set(major_formatter="{x:.1f}")
ax.set(xlabel="x", ylabel="y", title="t")
ax.text(0.5, 0.5, "note", transform=ax.transAxes, alpha=0.7)
fig.savefig("output/a.png")
