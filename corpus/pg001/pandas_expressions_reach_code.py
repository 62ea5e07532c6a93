# corpus: profile=data_processing decision=deny
# pandas' expression language is Python: an attribute, a call, a subscript or
# a dunder in the string reaches the objects the columns are, and with
# engine="python" anything they lead to.
import pandas as pd

df = pd.DataFrame({"A": [1, 2, 3], "B": [4, 5, 6]})
a = df.query("A.__class__ is not None")  # expect: PG001
b = pd.eval("__import__('os').system('x')")  # expect: PG001
c = df.eval("A.apply(print)")  # expect: PG001
d = df.eval("A.values")  # expect: PG001
e = df.query("B[0] > 1")  # expect: PG001
f = df.eval("[x for x in A]")  # expect: PG001
g = df.eval(f"{a} + A")  # expect: PG001
for expression in ["A + 1", "A.sum()"]:
    print(df.eval(expression))  # expect: PG001
