# corpus: profile=plotting decision=deny
# A colorbar's `formatter` property hands the value assigned to its axis'
# set_major_formatter, which takes a str as a format string: a dunder field
# there reads attributes as getattr does.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
image = ax.imshow([[1, 2], [3, 4]])
bar = fig.colorbar(image)
bar.formatter = "{x.__class__.__init__.__globals__}"  # expect: PG009
bar.minorformatter = "{x:.2f}"
fig.savefig("output/bar.png")
