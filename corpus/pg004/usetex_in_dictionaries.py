# corpus: profile=plotting decision=deny
# A text's usetex travels in dictionaries too, into whatever text the
# dictionary reaches (fontdict=, ** keywords, update): every "usetex" key in
# a file that imports matplotlib is judged by its value.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.set_title("t", fontdict={"usetex": True})  # expect: PG004
ax.annotate("a", (0, 0), **{"usetex": True})  # expect: PG004
props = {}
props["usetex"] = True  # expect: PG004
more = {}
more.setdefault("usetex", True)  # expect: PG004
label = ax.text(0, 0, "b")
label.update(dict(usetex=True))  # expect: PG004 PG009
fig.savefig("output/a.png")
