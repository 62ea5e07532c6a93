# corpus: profile=data_processing decision=allow
"""Methods of an opened file object open nothing: their arguments are dtypes, records and modes, not paths."""
import numpy as np
from scipy.io import FortranFile

out = FortranFile("output/values.unf", "w")
out.write_record(np.array([1, 2, 3], dtype=np.int32))
out.close()
back = FortranFile("output/values.unf", "r")
print(back.read_ints(np.int32))
back.close()
