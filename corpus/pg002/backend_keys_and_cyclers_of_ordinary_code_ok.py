# corpus: profile=plotting decision=allow
# A "backend" key naming no matplotlib backend, combined cyclers, and
# namedtuple's public _asdict: ordinary code.
import collections

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

runs = [{"backend": "numpy", "seconds": 1.5}, {"backend": "loky", "seconds": 2.0}]
plt.rcParams["axes.prop_cycle"] = plt.cycler(color=["r", "g"]) + plt.cycler(linestyle=["-", "--"])
Point = collections.namedtuple("Point", ["x", "y"])
print(Point(1, 2)._asdict(), runs)
plt.plot([1, 2])
plt.savefig("output/a.png")
