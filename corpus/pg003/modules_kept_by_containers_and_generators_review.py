# corpus: profile=data_processing decision=review
# A module given to a library callable that may keep it and give it back
# (a Series, an array, next(iter(...)), a dict), held as a dict's value or
# yielded, or listed in a list kept in a name (which may flow on through
# iter, pop or a slice): what is called on it comes back where pygate cannot
# name it. A module bound to a name, listed in a list a loop runs over, read
# through getattr or printed stays followed.
import pandas as pd

boxed = pd.Series([pd])  # expect: PG003
first = next(iter([pd]))  # expect: PG003
table = {"pandas": pd}  # expect: PG003


def modules():
    yield pd  # expect: PG003


alias = pd
listed = [pd]  # expect: PG003
for module in [pd]:
    print(module.__name__)
print(getattr(pd, "__version__"), pd, alias.DataFrame, listed)
