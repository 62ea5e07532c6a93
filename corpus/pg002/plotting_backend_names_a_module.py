# corpus: profile=plotting decision=deny
# matplotlib imports a "module://name" backend and pandas imports any module
# its plotting backend names: a module no import statement shows runs.
import matplotlib
import matplotlib.pyplot as plt
import pandas as pd

matplotlib.use("module://antigravity")  # expect: PG002
plt.switch_backend("module://output.evil")  # expect: PG002
matplotlib.rcParams["backend"] = "module://this"  # expect: PG002
plt.rcParams.update({"backend": "module://x"})  # expect: PG002
name = input()
matplotlib.use(name)  # expect: PG002
pd.set_option("plotting.backend", "output.evil")  # expect: PG002
pd.options.plotting.backend = "output.evil"  # expect: PG002
setattr(pd.options.plotting, "backend", "y")  # expect: PG002
df = pd.read_csv("input/a.csv")
df.plot(backend="output.evil")  # expect: PG002
