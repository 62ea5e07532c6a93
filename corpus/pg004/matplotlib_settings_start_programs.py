# corpus: profile=plotting decision=deny
# matplotlib settings that start other programs: LaTeX for every text under
# text.usetex (set in any of matplotlib's ways, or on one text), Ghostscript
# under ps.usedistiller, the TeX program pgf.texsystem names.
import matplotlib
import matplotlib.pyplot as plt

matplotlib.rcParams["text.usetex"] = True  # expect: PG004
plt.rcParams.update({"ps.usedistiller": "ghostscript"})  # expect: PG004
matplotlib.rc("text", usetex=True)  # expect: PG004
with plt.rc_context({"pgf.texsystem": "lualatex"}):  # expect: PG004
    plt.plot([1, 2])
plt.title("x", usetex=True)  # expect: PG004
key = input()
matplotlib.rcParams[key] = True  # expect: PG004
