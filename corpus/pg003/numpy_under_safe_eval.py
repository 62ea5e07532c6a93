# corpus: profile=safe_eval decision=deny
"""numpy is allowed by data_processing, not by safe_eval."""
import numpy as np  # expect: PG003

print(np.arange(3).sum())
