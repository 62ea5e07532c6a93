# corpus: profile=plotting decision=deny
# A text's TeX switch and matplotlib's TeX runners by every route: taken as
# a value (an alias, map), named by a string (getattr, methodcaller), and
# ismath / usetex given by position. Each starts latex; only a call pygate
# sees with a false value is not.
import operator

import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextPath, text_to_path

fig, ax = plt.subplots()
title = ax.set_title("hello")
switch = title.set_usetex  # expect: PG004
flags = list(map(title.set_usetex, [True]))  # expect: PG004
by_name = getattr(title, "set_usetex")  # expect: PG004
caller = operator.methodcaller("set_usetex", True)  # expect: PG004
text_to_path.get_text_path(FontProperties(), "x", "TeX")  # expect: PG004
path = TextPath((0, 0), "x", 12, None, "center", True)  # expect: PG004
renderer = fig.canvas.get_renderer()
renderer.draw_tex(renderer.new_gc(), 0, 0, "x", FontProperties(), 0)  # expect: PG004
title.set_usetex(False)
text_to_path.get_text_path(FontProperties(), "$x$", True)
