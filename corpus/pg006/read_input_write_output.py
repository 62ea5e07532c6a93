# corpus: profile=data_processing decision=allow
"""The data_processing contract: read input/, write output/, constant paths."""
import pandas as pd

frame = pd.read_csv("input/data.csv")
frame.describe().to_csv("output/summary.csv")
