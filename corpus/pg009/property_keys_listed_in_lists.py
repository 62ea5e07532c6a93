# corpus: profile=plotting decision=deny
# Property names listed for dict.fromkeys or zip reach set and update as
# keys too: a text's usetex and a tick formatter's format string. A
# usetex key listed for zip or fromkeys is judged by its value wherever the
# pairs go (PG004).
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
title = ax.set_title("t")
title.update(dict(zip(["usetex"], [True])))  # expect: PG009 PG004@19
ax.xaxis.update(dict.fromkeys(["major_formatter"], "{x.__class__}"))  # expect: PG009
title.set(**dict.fromkeys(["usetex"], True))  # expect: PG009 PG004@13
fig.savefig("output/a.png")
