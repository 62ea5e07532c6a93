# corpus: profile=data_processing decision=allow
# Names handed to library code that are plain: aggregations by name, a
# dataclass with ordinary fields, arrays and frames built from numbers.
import dataclasses

import numpy as np
import pandas as pd

frame = pd.DataFrame({"a": [1, 2], "b": [3.0, 4.0]})
totals = frame.agg(["sum", "mean"])
scaled = frame.transform("abs")
Point = dataclasses.make_dataclass("Point", ["x", "y"])
values = np.linalg.norm(np.array([[1.0, 2.0], [3.0, 4.0]]))
kinds = pd.Series(np.arange(3), dtype=np.dtype("int64"))
