# corpus: profile=plotting decision=deny
"""plotting saves figures under output/ only."""
import matplotlib.pyplot as plt

plt.plot([1, 2, 3], [2, 4, 8])
plt.savefig("chart.png")  # expect: PG006
