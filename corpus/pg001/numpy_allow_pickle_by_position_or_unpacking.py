# corpus: profile=data_processing decision=deny
# numpy.load's allow_pickle is its third parameter and read_array's second:
# given by position, or possibly by `*args`/`**kwargs`, it unpickles code
# as the keyword does.
import numpy as np

options = {"allow_pickle": True}
a = np.load("input/a.npy", None, True)  # expect: PG001
b = np.load("input/b.npy", **options)  # expect: PG001
c = np.lib.format.read_array(open("input/c.npy", "rb"), True)  # expect: PG001
d = np.load("input/d.npy", None, False)
