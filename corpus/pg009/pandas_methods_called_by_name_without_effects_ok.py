# corpus: profile=data_processing decision=allow
# Reductions and transformations named by strings: their methods have no
# effect a call by name could hide.
import pandas as pd

df = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
print(df.agg("sum"), df.agg(["mean", "max"]), df.apply("mean"))
print(df.groupby("a").agg("first"), df.transform("cumsum"), df["a"].apply("abs"))
