# corpus: profile=data_processing decision=allow
# In-memory buffers and file objects opened at a checked path are not paths.
import io

import numpy as np
import pandas as pd

with open("input/a.csv") as f:
    df = pd.read_csv(f)
buf = io.StringIO()
df.to_csv(buf)
df.to_csv(io.StringIO())
b = io.BytesIO()
np.save(b, np.zeros(3))
x = pd.read_csv(io.StringIO("a\n1\n"))
