# corpus: profile=data_processing decision=review
# `@name` in a pandas expression reads a variable of the caller's, which may
# be any object: an expression that reads one is for a person to look at.
import pandas as pd

limit = 3
df = pd.DataFrame({"A": [1, 2, 3], "B": [4, 5, 6]})
over = df.query("A > @limit")  # expect: PG001
print(over)
