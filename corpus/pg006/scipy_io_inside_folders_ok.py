# corpus: profile=data_processing decision=allow
"""The same readers on the profile's folders are what data_processing is for."""
import numpy as np
import scipy.io
from scipy import sparse, stats
from scipy.io import wavfile

matrix = scipy.io.loadmat("input/data.mat")
wavfile.write("output/tone.wav", 8000, np.zeros(80, dtype=np.int16))
sparse.save_npz("output/m.npz", sparse.eye(3).tocsr())
print(stats.describe(np.arange(10.0)))
