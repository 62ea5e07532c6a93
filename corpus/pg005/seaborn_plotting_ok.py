# corpus: profile=plotting decision=allow
"""seaborn and mpl_toolkits on data in memory, saved under output/."""
import matplotlib.pyplot as plt
import pandas as pd
import seaborn as sns
from mpl_toolkits.axes_grid1 import make_axes_locatable
from mpl_toolkits.mplot3d import Axes3D

frame = pd.DataFrame({"x": [1, 2, 3], "y": [2, 4, 8]})
sns.set_theme(style="whitegrid")
axes = sns.scatterplot(data=frame, x="x", y="y", palette=sns.color_palette("mako"))
divider = make_axes_locatable(axes)
figure = plt.figure()
figure.add_subplot(projection="3d")
axes.figure.savefig("output/scatter.png")
print(Axes3D.__name__)
