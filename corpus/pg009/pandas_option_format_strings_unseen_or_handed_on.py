# corpus: profile=data_processing decision=deny
# A format string pandas will format cells with that pygate cannot see: what
# its fields read is unknown, a review. The helper's store is judged as a
# store to a formatter property too, with the string its caller passes: a
# dunder field there is a denial. (A key it cannot see may name plotting.backend
# too: a PG002 denial, corpus/pg002/plotting_backend_option_keys_pandas_matches.py.)
import pandas as pd

pd.options.styler.format.formatter, unused = "{0.__class__}", 1  # expect: PG009
pd.set_option("styler.format.formatter", input())  # expect: PG009
for pd.options.styler.format.formatter in ["{0.__class__}"]:  # expect: PG009
    print(pd.DataFrame({"a": [1]}).style.to_html())


def set_formatter(options, value):
    options.formatter = value  # expect: PG009


set_formatter(pd.options.styler.format, "{0.__class__}")  # expect: PG009
