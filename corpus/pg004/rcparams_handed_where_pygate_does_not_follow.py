# corpus: profile=plotting decision=deny
# rcParams handed to the program's own function, a lambda or a list, or
# updated in place with |=: an rcParams key written anywhere in a file that
# imports matplotlib is judged by its value, and rcParams going where pygate
# does not follow it is a review of its own.
import operator

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt


def tune(rc, key, value):
    rc[key] = value


def switch_on(rc):
    rc["text.usetex"] = True  # expect: PG004


tune(plt.rcParams, "text.usetex", True)  # expect: PG004 PG004
switch_on(plt.rcParams)  # expect: PG004
rc = plt.rcParams
rc |= {"text.usetex": True}  # expect: PG004
operator.setitem(plt.rcParams, "ps.usedistiller", "xpdf")  # expect: PG004 PG004
(lambda settings: settings.update({"text.usetex": 1}))(plt.rcParams)  # expect: PG004 PG004
for each in [plt.rcParams]:  # expect: PG004
    each.setdefault("pgf.texsystem", "lualatex")  # expect: PG004
fig, ax = plt.subplots()
fig.savefig("output/a.png")
