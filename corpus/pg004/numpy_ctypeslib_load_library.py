# corpus: profile=data_processing decision=deny
"""numpy is allowed, numpy.ctypeslib (native code) is not."""
import numpy as np

libc = np.ctypeslib.load_library("libc", "/lib/x86_64-linux-gnu")  # expect: PG004
