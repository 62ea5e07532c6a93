# corpus: profile=data_processing decision=deny
# A library callable that runs code it is given (DataFrame.eval, query),
# handed to map or held as read_csv's converter: the code comes from where
# no call site shows (a cell of the data file). An NpzFile's allow_pickle
# set after it was opened unpickles its members. An expression or a flag
# spread by an unpacking is judged as given.
import numpy as np
import pandas as pd

frame = pd.DataFrame({"a": [1.0, 2.0]})
results = list(map(frame.eval, ["a + 1"]))  # expect: PG009
table = pd.read_csv("input/a.csv", converters={"c": frame.query})  # expect: PG009
archive = np.load("input/a.npz")
archive.allow_pickle = True  # expect: PG001
setattr(archive, "allow_pickle", True)  # expect: PG001
opts = {"expr": input()}
frame.query(**opts)  # expect: PG001
mapped = np.load("input/b.npy", **{"mmap_mode": "r"})
