# corpus: profile=data_processing decision=allow
"""to_csv() without a path returns text: no file is touched."""
import pandas as pd

frame = pd.read_csv("input/data.csv")
text = frame.to_csv()
print(text[:100])
