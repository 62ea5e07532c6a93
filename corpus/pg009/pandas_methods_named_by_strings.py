# corpus: profile=data_processing decision=deny
# pandas' agg, pipe, apply and transform take a function or a method's
# name: a dunder name there is looked up on the frame as getattr would.
import pandas as pd

frame = pd.DataFrame({"a": [1, 2]})
frame.agg("__class__")  # expect: PG009
frame.transform("__subclasses__")  # expect: PG009
