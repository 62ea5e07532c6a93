# corpus: profile=plotting decision=deny
# apply with a name pygate cannot see on what numpy gives back for a
# DataFrame (np.round(frame) is one); a private switch set on an instance
# of a class whose __new__ the file writes, or through type(instance);
# TeX through TextToPath.get_glyphs_tex and Text's usetex by position.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.font_manager import FontProperties
from matplotlib.text import Text
from matplotlib.textpath import text_to_path

frame = pd.DataFrame({"a": [1.0, 2.0]})
rounded = np.round(frame).apply(input())  # expect: PG009
fig, ax = plt.subplots()
title = ax.set_title("hello")


class Made:
    def __new__(cls):
        return title


made = Made()
made._usetex = True  # expect: PG009


class Helper:
    def tex(self):
        self._usetex = True  # expect: PG009


type(Helper()).tex(title)
glyphs = text_to_path.get_glyphs_tex(FontProperties(), "x")  # expect: PG004
label = Text(0, 0, "x", None, "baseline", "left", None, None, None, None, None, True)  # expect: PG004
