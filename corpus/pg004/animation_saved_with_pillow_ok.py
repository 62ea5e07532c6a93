# corpus: profile=plotting decision=allow
# The pillow and html writers are Python: no program runs.
import matplotlib.animation as animation
import matplotlib.pyplot as plt

fig = plt.figure()
anim = animation.FuncAnimation(fig, lambda i: None, frames=2)
anim.save("output/movie.gif", writer="pillow")
page = anim.to_jshtml()
