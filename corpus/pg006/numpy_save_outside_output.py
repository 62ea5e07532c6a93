# corpus: profile=data_processing decision=deny
"""numpy.save writes its file wherever it is told."""
import numpy as np

weights = np.zeros((3, 3))
np.save("weights.npy", weights)  # expect: PG006
