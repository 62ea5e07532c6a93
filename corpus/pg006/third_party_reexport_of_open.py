# corpus: profile=data_processing decision=deny
"""scipy.io.wavfile.io is the module io; numpy.lib.npyio is numpy's file internals."""
import numpy as np
import scipy.io.wavfile

text = scipy.io.wavfile.io.open("/etc/passwd").read()  # expect: PG006
rows = np.lib.npyio.loadtxt("input/rows.txt")  # expect: PG006
