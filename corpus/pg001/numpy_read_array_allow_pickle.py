# corpus: profile=data_processing decision=deny
# numpy.lib.format.read_array unpickles object arrays when allowed to, as numpy.load does.
import numpy as np

with open("input/a.npy", "rb") as f:
    a = np.lib.format.read_array(f, allow_pickle=True)  # expect: PG001
with open("input/b.npy", "rb") as f:
    b = np.lib.format.read_array(f)
