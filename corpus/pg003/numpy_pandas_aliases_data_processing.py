# corpus: profile=data_processing decision=allow
"""numpy and pandas under their usual aliases on one line."""
import numpy as np, pandas as pd

frame = pd.DataFrame({"x": np.arange(4), "y": np.arange(4) ** 2})
print(frame.describe())
