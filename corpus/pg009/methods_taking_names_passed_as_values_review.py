# corpus: profile=plotting decision=review
# A method that takes attribute names or a format string (`Axis.update`'s
# property dict, `set_major_formatter`'s format), on a value whose class
# pygate cannot name, passed on as a value: the call that gets its arguments
# shows no site, so the names they carry cannot be judged. Called where it
# is named, its arguments are judged (and here they would be denied).
import functools

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
functools.partial(ax.xaxis.update)({})  # expect: PG009
setter = ax.xaxis.set_major_formatter  # expect: PG009
updates = list(map(ax.xaxis.update, [{}]))  # expect: PG009
by_name = getattr(ax.xaxis, "update")  # expect: PG009
ax.xaxis.update({"visible": True})
lines = []
keep = lines.append
fmt = "{:.2f}".format
print(list(map(fmt, [1.0])), keep)
