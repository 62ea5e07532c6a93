# corpus: profile=data_processing decision=deny
"""allow_pickle given anything but a constant false may be true."""
import numpy as np

flag = input() == "y"
data = np.load("input/a.npy", allow_pickle=flag)  # expect: PG001
safe = np.load("input/b.npy", allow_pickle=False)
