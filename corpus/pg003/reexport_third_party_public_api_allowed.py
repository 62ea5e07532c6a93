# corpus: profile=data_processing decision=allow
"""Third-party names that are no module of the guessed list stay as they are."""
import numpy as np
import pandas as pd

values = np.random.default_rng(0).normal(size=3)
frame = pd.DataFrame({"v": values})
print(frame.describe(), np.linalg.norm(values))
