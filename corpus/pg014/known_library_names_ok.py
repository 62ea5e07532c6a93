# corpus: profile=data_processing decision=allow
# Names the tables hold, through aliases and base classes; a DataFrame's
# columns (its instances' __getattr__); dunders (PG009's); members of values
# whose type pygate guessed.
import math
import numpy as np
import pandas as pd

frame = pd.read_csv("input/data.csv")
total = frame.price.sum()
column = pd.DataFrame.sum
shape = np.zeros(3).shape
version = np.__version__
print(math.pi, math.sqrt(2), pd.DataFrame.to_dict, np.linalg.norm([1.0, 2.0]), total, column, shape, version)
