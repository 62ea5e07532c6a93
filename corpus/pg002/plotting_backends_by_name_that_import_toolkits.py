# corpus: profile=plotting decision=deny
# Backends chosen by name import their module: webagg imports tornado and
# serves the figure on a port, the GUI backends a toolkit, pgf runs LaTeX.
import matplotlib
import matplotlib.pyplot as plt

matplotlib.use("webagg")  # expect: PG002
plt.switch_backend("TkAgg")  # expect: PG002
matplotlib.rcParams["backend"] = "pgf"  # expect: PG002
matplotlib.use("Agg")
plt.switch_backend("svg")
