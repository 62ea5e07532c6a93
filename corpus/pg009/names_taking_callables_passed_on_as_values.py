# corpus: profile=data_processing decision=deny
# A library callable that takes attribute or method names (pandas' agg and
# apply call the method a string names), passed on as a value to map,
# functools.partial or itertools.starmap: the constants beside it are
# judged as its names ("eval" is refused); unseen ones are a review.
# operator.methodcaller's arguments after the name are the method's.
import functools
import itertools
import operator

import pandas as pd

frame = pd.DataFrame({"a": [1.0, 2.0]})
code = "a.sum()"
mapped = list(map(frame.agg, ["eval"], [0], [code]))  # expect: PG009
partial = functools.partial(frame.agg, "eval")  # expect: PG009
starred = list(itertools.starmap(frame.apply, [("eval", 0)]))  # expect: PG009
caller = operator.methodcaller("agg", "eval", 0, code)  # expect: PG009
unseen = list(map(pd.DataFrame.agg, [frame], [input()]))  # expect: PG009@19
alias = frame.agg
print(alias("sum"), frame.agg(["sum", "mean"]))
