# corpus: profile=plotting decision=review
# A tick formatter's format string pygate cannot fold, on an axis whose
# class it cannot name: its fields read attributes (`{x.__class__}`), so an
# unseen one is a review, as on a typed axis. A Formatter object, or a
# constant format, is judged as it is.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
import matplotlib.ticker as mticker

fig, ax = plt.subplots()
ax.xaxis.set_major_formatter("".join(reversed("}f2.:x{")))  # expect: PG009
ax.xaxis.set_minor_formatter(mticker.PercentFormatter())
ax.yaxis.set_major_formatter("{x:.1f}")
