# corpus: profile=data_processing decision=allow
# Expressions over columns: nothing is called.
import pandas as pd

df = pd.read_csv("input/a.csv")
a = df.query("a > 1 and b == 'x'")
d = df.eval("c = a + b")
e = df.query("`unit price` < 10")
a.to_csv("output/filtered.csv")
