# corpus: profile=plotting decision=deny
"""Animation.save writes the file it is given, whichever writer makes it: Pillow runs no program
(so PG004 lets it be), but the path is still judged like savefig's."""
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation

fig, ax = plt.subplots()
(line,) = ax.plot([], [])


def draw(frame):
    line.set_data(range(frame), range(frame))
    return [line]


animation = FuncAnimation(fig, draw, frames=5)
animation.save("output/growth.gif", writer="pillow")
animation.save("/etc/cron.d/growth.gif", writer="pillow")  # expect: PG006
