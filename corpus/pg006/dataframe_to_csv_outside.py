# corpus: profile=data_processing decision=deny
"""A DataFrame from read_csv writes with to_csv: the path decides."""
import pandas as pd

frame = pd.read_csv("input/data.csv")
frame.describe().to_csv("summary.csv")  # expect: PG006
