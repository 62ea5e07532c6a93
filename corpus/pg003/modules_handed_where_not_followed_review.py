# corpus: profile=data_processing decision=review
# A module given to the file's own function, or to map through a lambda: the
# parameter is not bound to it, so what is called on it there (read_pickle,
# load with allow_pickle) would not be judged. Its own functions, called
# where it is imported, are.
import numpy as np
import pandas as pd


def load(lib):
    return lib.read_pickle("output/x.pkl")


def total(values, xp=np):  # expect: PG003
    return xp.sum(values)


frame = load(pd)  # expect: PG003
tables = list(map(lambda m: m.read_csv("input/a.csv"), [pd]))  # expect: PG003
print(np.sum([1, 2]), getattr(np, "pi"), print(np))
