# corpus: profile=data_processing decision=allow
# Expressions over columns and local variables: nothing is called.
import pandas as pd

limit = 3
df = pd.read_csv("input/a.csv")
a = df.query("a > 1 and b == 'x'")
b = df.query("a > @limit")
c = pd.eval("df.a + df.b")
d = df.eval("c = a + b")
e = df.query("`unit price` < 10")
a.to_csv("output/filtered.csv")
