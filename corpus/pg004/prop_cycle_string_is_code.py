# corpus: profile=plotting decision=deny
# matplotlib evaluates a string given for axes.prop_cycle (rcsetup's
# validate_cycler), and a generator's frames lead out of that eval to any
# module: the key is judged wherever it is written, by every setter.
import matplotlib

matplotlib.use("agg")
import matplotlib.pyplot as plt
import seaborn as sns

code = "cycler(color=['r'])"
plt.rcParams["axes.prop_cycle"] = code  # expect: PG004
plt.rcParams.update({"axes.prop_cycle": code})  # expect: PG004
plt.rc("axes", prop_cycle=code)  # expect: PG004
sns.set_theme(rc={"axes.prop_cycle": code})  # expect: PG004
settings = matplotlib.RcParams({"axes.prop_cycle": code})  # expect: PG004
