# corpus: profile=plotting decision=review
# rcParams' setters handed on uncalled, and the style library style.use
# applies by name: what they set is not seen. (__init__ is a setter like
# update: pairs it can read are judged.)
import functools

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

set_all = functools.partial(plt.rcParams.update)  # expect: PG004
list(map(plt.rcParams.update, [{"figure.dpi": 100}]))  # expect: PG004
plt.rcParams.__init__(zip(["figure.dpi"], [100]))
classic = plt.style.library["classic"]  # expect: PG004
