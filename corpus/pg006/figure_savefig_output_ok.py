# corpus: profile=plotting decision=allow
"""The same untraced figure saved under output/ is what the plotting profile is for."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2, 3])
fig.savefig("output/plot.png")
plt.imsave("output/image.png", [[0.0, 1.0]])
