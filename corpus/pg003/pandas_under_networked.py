# corpus: profile=networked decision=deny
"""networked extends safe_eval, not data_processing: pandas is not allowed."""
import requests
import pandas as pd  # expect: PG003

frame = pd.DataFrame({"a": [1, 2]})
