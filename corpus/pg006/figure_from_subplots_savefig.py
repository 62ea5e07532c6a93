# corpus: profile=plotting decision=deny
"""`fig, ax = plt.subplots()` cannot be traced, yet fig.savefig is a figure's: its path is checked."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2, 3])
fig.savefig("/tmp/plot.png")  # expect: PG006
other = plt.figure()
other.savefig("../../plot.png")  # expect: PG006
