# corpus: profile=plotting decision=review
# A dictionary changed by a mapping's setter spelled through another class
# (MutableMapping.update) holds keys pygate does not read.
import collections.abc

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

settings = {}
collections.abc.MutableMapping.update(settings, zip(["figure.dpi"], [100]))
plt.rcParams.update(settings)  # expect: PG004
