# corpus: profile=plotting decision=review
# Private members of library objects reached by name: getattr, setattr and
# attrgetter skip the checks the public methods get, as `obj._name` does.
import operator

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
title = ax.set_title("t")
setter = getattr(ax.xaxis, "_set_formatter")  # expect: PG009
setattr(title, "_usetex", False)  # expect: PG009
reach = operator.attrgetter("xaxis._set_formatter")  # expect: PG009
