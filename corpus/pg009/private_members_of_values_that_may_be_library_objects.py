# corpus: profile=plotting decision=review
# A name the file's own objects reach may still hold a library object the
# resolver does not show: a loop over both, a name bound twice, a
# conditional with an untyped branch. Its private members are a review; a
# parameter (self) and a name bound once to the file's object are the file's.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt


class Plain:
    def __init__(self):
        self._cache = {}

    def size(self):
        return len(self._cache)


fig, ax = plt.subplots()
title = ax.set_title("hello")
for item in [Plain(), title]:
    item._usetex = True  # expect: PG009
either = title if fig.axes else Plain()
either._usetex = True  # expect: PG009
rebound = Plain()
rebound = title
rebound._usetex = True  # expect: PG009
own = Plain()
print(own._cache, own.size())
