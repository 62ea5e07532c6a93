# corpus: profile=plotting decision=deny
# seaborn's savers hand their path and keywords to the figure's savefig (a
# grid's savefig, a figure-level plot's), and an
# image artist's write_png and matplotlib.image.thumbnail write images: each
# path is judged, and a .pgf path or backend= as savefig's.
import matplotlib.image as mimage
import matplotlib.pyplot as plt
import pandas as pd
import seaborn as sns

frame = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
grid = sns.FacetGrid(frame)
grid.savefig("/tmp/pygate-corpus-grid.png")  # expect: PG006
grid.savefig("output/grid.pgf")  # expect: PG004
grid.savefig("output/grid.png", backend="module://antigravity")  # expect: PG002
grid.savefig("output/grid.png")
sns.jointplot(data=frame, x="a", y="b").savefig("/tmp/pygate-corpus-joint.png")  # expect: PG006
fig, ax = plt.subplots()
ax.imshow([[1, 2], [3, 4]]).write_png("/tmp/pygate-corpus-image.png")  # expect: PG006
mimage.thumbnail("output/grid.png", "output/thumb.pgf")  # expect: PG004
