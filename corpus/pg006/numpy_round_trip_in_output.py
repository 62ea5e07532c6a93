# corpus: profile=data_processing decision=allow
"""numpy writes and reads back under output/."""
import numpy as np

np.save("output/weights.npy", np.ones(3))
print(np.load("output/weights.npy").sum())
