# corpus: profile=data_processing decision=review
# pandas' agg, apply and transform call the method a string names ("eval"
# reaches pandas.eval with the keywords passed on). On a value whose class
# pygate cannot name (a parameter, an item of a DataFrame, a concatenation),
# a name it cannot see is a review, as on a DataFrame it can name: for agg on
# any such value, for apply and transform (which other libraries' objects
# have too) on one made from pandas. A name the file only ever passes as a
# constant is judged as that constant.
import pandas as pd


def summarise(frame, how, **options):
    return frame.agg(how, **options)  # the file passes "sum" only


def by_input():
    name = input()
    return df[["a"]].apply(name)  # expect: PG009


df = pd.DataFrame({"a": [1.0, 2.0]})
print(summarise(df, "sum"), by_input())
print(pd.concat([df, df]).agg(["sum", "mean"]))
print(pd.concat([df, df]).apply(lambda column: column * 2))
