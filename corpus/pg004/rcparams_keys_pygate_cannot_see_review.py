# corpus: profile=plotting decision=review
# rcParams updated with keys pygate cannot fold, or handed to a helper that
# sets keys it is given: the settings that start programs may be among them.
import sys

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt


def tune(rc, key):
    rc[key] = True


name = "text." + sys.argv[0][:0] + "usetex"
tune(plt.rcParams, name)  # expect: PG004
plt.rcParams |= {name: True}  # expect: PG004
settings = {}
settings[name] = True
plt.rcParams |= settings  # expect: PG004
