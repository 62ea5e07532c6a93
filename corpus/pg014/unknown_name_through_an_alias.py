# corpus: profile=data_processing decision=review
# An unknown member of a class reached by name, through the library's own
# aliases (pandas.DataFrame is pandas.core.frame.DataFrame).
import pandas as pd

Frame = pd.DataFrame
loader = Frame.from_anything  # expect: PG014
