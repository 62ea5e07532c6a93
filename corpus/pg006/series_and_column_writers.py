# corpus: profile=data_processing decision=deny
"""A Series, a column and a frame from a reader all write where their path says."""
import pandas as pd

s = pd.Series([1, 2])
s.to_csv("/tmp/series.csv")  # expect: PG006
frame = pd.read_csv("input/a.csv")
frame["a"].to_pickle("/tmp/column.pkl")  # expect: PG006
frame.to_json("output/ok.json")
