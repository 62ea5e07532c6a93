# corpus: profile=data_processing decision=deny
# pandas.eval, DataFrame.eval and DataFrame.query parse their string as Python
# and, with engine="python", follow attributes and call functions
# (CVE-2024-9880). A string built at run time, or one with a call, a dunder or
# a colon, runs code.
import pandas as pd

df = pd.read_csv("input/a.csv")
a = df.query('@pd.core.frame.com.builtins.__import__("os").system("id")', engine="python")  # expect: PG001
expr = input()
b = df.query(expr)  # expect: PG001
c = pd.eval("df.a.sum()")  # expect: PG001


def summarise(frame):
    return frame.query("x.str.len() > 3")  # expect: PG001


r = pd.core.computation.eval.eval("df.a.sum()")  # expect: PG001
