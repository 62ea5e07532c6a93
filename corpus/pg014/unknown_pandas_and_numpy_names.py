# corpus: profile=data_processing decision=review
# Names of allowed libraries their tables do not hold: a newer version's
# readers and loaders, or none at all. pygate does not know what they do.
import numpy as np
import pandas as pd
from pandas import read_foo

frame = pd.read_foo("input/data.foo")  # expect: PG014
values = np.brand_new_loader("input/values.bin")  # expect: PG014
other = read_foo("input/other.foo")  # expect: PG014
