# corpus: profile=data_processing decision=deny
"""Arrays made by numpy's functions are untraced; their tofile and dump write files, memmap maps one."""
import numpy as np

np.zeros(3).tofile("/tmp/zeros.bin")  # expect: PG006
np.ones(2).dump("output/ones.pkl")
mapped = np.memmap("input/a.bin", dtype="uint8")  # expect: PG006
print(mapped[:4])
