# corpus: profile=plotting decision=deny
# FontProperties.set_file keeps a path that every draw of text in those
# properties opens as the font file.
import matplotlib.pyplot as plt
from matplotlib.font_manager import FontProperties

properties = FontProperties()
properties.set_file("/etc/hostname")  # expect: PG006
fig, ax = plt.subplots()
ax.set_title("x", fontproperties=properties)
fig.savefig("output/title.png")
