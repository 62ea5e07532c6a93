# corpus: profile=plotting decision=deny
# TeX started by a text's own methods, on any receiver: set_usetex(True),
# ismath="TeX" in a renderer's measures or a TextPath, and the renderer's
# TeX manager. ismath=True is mathtext, matplotlib's own parser.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import text_to_path

fig, ax = plt.subplots()
title = ax.set_title("hello")
title.set_usetex(True)  # expect: PG004
title.set_usetex(False)
text_to_path.get_text_path(FontProperties(), "x", ismath="TeX")  # expect: PG004
text_to_path.get_text_path(FontProperties(), "$x$", ismath=True)
renderer = fig.canvas.get_renderer()
manager = renderer.get_texmanager()  # expect: PG004
