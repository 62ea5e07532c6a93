# corpus: profile=data_processing decision=allow
"""Arrays and views the size estimate once took for more than they are:
each fits in the 2 GB the profile allows."""
import numpy as np

flags = np.full(10**9, True)  # a byte an item (bool, from the fill value), not a float64's eight
offsets = np.arange(10**12, 10**12 + 5)  # five items: stop - start, not stop
pairs = list(map(pow, range(10**9), range(3)))  # map stops at its shortest iterable: three items
print(flags.nbytes, offsets.nbytes, len(pairs))
