# corpus: profile=plotting decision=deny
# An animation's writer saves every frame through savefig with the keywords
# savefig_kwargs holds: backend="pgf" switches to the pgf backend, which
# runs LaTeX; a savefig_kwargs pygate cannot read may hold any backend.
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation

fig, ax = plt.subplots()
animation = FuncAnimation(fig, lambda frame: None, frames=2)
animation.save("output/a.html", writer="html", savefig_kwargs=dict(backend="pgf"))  # expect: PG002
animation.save("output/b.html", writer="html", savefig_kwargs={"backend": "agg", "facecolor": "white"})
options = {}
options[input()] = input()
animation.save("output/c.html", writer="html", savefig_kwargs=options)  # expect: PG002
