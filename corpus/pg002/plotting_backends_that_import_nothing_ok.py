# corpus: profile=plotting decision=allow
# Built-in backends by name, and options that name no module.
import matplotlib
import matplotlib.pyplot as plt
import pandas as pd

matplotlib.use("Agg")
plt.switch_backend("agg")
matplotlib.rcParams["backend"] = "Agg"
matplotlib.rcParams["font.size"] = 12
plt.rcParams.update({"backend": "agg", "figure.dpi": 100})
pd.set_option("display.max_rows", 100)
pd.set_option("plotting.backend", "matplotlib")
df = pd.read_csv("input/a.csv")
ax = df.plot(backend="matplotlib", kind="bar")
ax.figure.savefig("output/bar.png")
