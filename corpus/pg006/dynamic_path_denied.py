# corpus: profile=data_processing decision=deny
"""data_processing allows constant paths only: a name read at run time is refused."""
import pandas as pd

source = input("file? ")
frame = pd.read_csv(source)  # expect: PG006
print(frame.shape)
