# corpus: profile=data_processing decision=deny
# A member of a library value whose type the tables do not say (a groupby's
# or a window's `obj`, a Styler's `data`) is untyped, not traced: its
# methods are matched by name as on any value pygate cannot trace.
import pandas as pd

E = 'a.mean.__func__.__globals__["com"].builtins.exec("import os; os.system(\'id\')")'
frame = pd.DataFrame({"a": [1, 2]})
frame.groupby("a").obj.query(E)  # expect: PG001
frame.rolling(2).obj.eval(E)  # expect: PG001
frame.style.data.to_numpy().astype("S").tofile("/tmp/pygate-corpus-x")  # expect: PG006
frame.groupby("a").obj.query("a > 0")
frame.style.data.to_numpy().tofile("output/a.bin")
