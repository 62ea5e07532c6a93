# corpus: profile=plotting decision=deny
# rcParams' validators run with nothing stored (axes.prop_cycle's evaluates
# a string as code), and the animation writers' registry starts the
# programs it probes and lets ffmpeg pass under pillow's name.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
from matplotlib import animation

check = plt.rcParams.validate["axes.prop_cycle"]  # expect: PG004
check_too = plt.rcParams.validate.get("axes.prop_cycle")  # expect: PG004
print(animation.writers.list())  # expect: PG004
