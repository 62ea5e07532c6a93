# corpus: profile=data_processing decision=deny
"""Under a package no table lists, `_os` is taken for os: fail closed."""
import numpy as np

np.compat._os.system("id")  # expect: PG004
