# corpus: profile=data_processing decision=deny
"""pandas.read_pickle unpickles the frame, running code chosen by the file."""
import pandas as pd

frame = pd.read_pickle("input/frame.pkl")  # expect: PG001
print(frame.head())
