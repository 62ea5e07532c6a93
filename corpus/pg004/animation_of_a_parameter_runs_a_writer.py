# corpus: profile=plotting decision=deny
# An animation passed as a parameter is untraced, and its save still starts
# the program rcParams names for the writer (here a harmless `id`): a save of
# an untraced value in a file that imports matplotlib is taken for an
# Animation's.
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation

matplotlib.rcParams["animation.convert_path"] = "id"  # expect: PG004

fig, ax = plt.subplots()
(line,) = ax.plot([0, 1], [0, 1])


def update(i):
    line.set_ydata([0, i])
    return (line,)


def store(a):
    a.save("output/a.gif", writer="imagemagick", fps=1)  # expect: PG004


store(FuncAnimation(fig, update, frames=2))
