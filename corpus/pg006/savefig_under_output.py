# corpus: profile=plotting decision=allow
"""plotting saves its figures under output/."""
import matplotlib.pyplot as plt

plt.plot([1, 2, 3], [2, 4, 8])
plt.savefig("output/chart.png")
