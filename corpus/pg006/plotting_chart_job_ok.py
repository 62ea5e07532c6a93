# corpus: profile=plotting decision=allow
# A typical chart job: read input/, aggregate, save figures and tables under output/.
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

df = pd.read_csv("input/sales.csv", parse_dates=["date"])
monthly = df.set_index("date").resample("M")["amount"].sum()
fig, ax = plt.subplots(figsize=(8, 4))
monthly.plot(ax=ax, kind="line", title="Monthly sales")
ax.set_xlabel("Month")
ax.set_ylabel("Amount")
fig.tight_layout()
fig.savefig("output/monthly.png", dpi=150)
plt.close(fig)
x = np.linspace(0, 10, 100)
plt.figure()
plt.plot(x, np.sin(x), label="sin")
plt.legend()
plt.savefig("output/sin.svg")
table = df.pivot_table(index="region", columns="product", values="amount", aggfunc="sum")
table.to_csv("output/pivot.csv")
print(table.head().to_string())
stats = {"mean": float(df["amount"].mean()), "max": float(df["amount"].max())}
pd.Series(stats).to_json("output/stats.json")
