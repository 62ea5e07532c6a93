# corpus: profile=plotting decision=deny
# A figure's canvas (an attribute whose type the tables do not say) and an
# animation passed as a parameter are untraced; their writers still write
# the file they are given.
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation

fig, ax = plt.subplots()
(line,) = ax.plot([0, 1], [0, 1])
fig.canvas.print_png("/tmp/canvas.png")  # expect: PG006
fig.canvas.print_figure("/tmp/canvas2.png")  # expect: PG006


def store(c):
    c.print_png("/tmp/canvas3.png")  # expect: PG006


def save(a):
    a.save("/tmp/anim.gif", writer="pillow", fps=1)  # expect: PG006


def update(i):
    line.set_ydata([0, i])
    return (line,)


store(fig.canvas)
save(FuncAnimation(fig, update, frames=2))
fig.canvas.print_png("output/canvas.png")
