# corpus: profile=data_processing decision=deny
"""numpy.load with allow_pickle=True unpickles object arrays from a file in input/."""
import numpy as np

weights = np.load("input/weights.npy", allow_pickle=True)  # expect: PG001
print(weights.shape)
