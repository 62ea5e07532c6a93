# corpus: profile=data_processing decision=deny
# pandas sets the one option a set_option key matches as a regular
# expression, in any case: these keys set plotting.backend, and so does a key
# pygate cannot fold or a pair hidden in `*args`.
import pandas as pd

pd.set_option("plotting.back", "output.evil")  # expect: PG002
pd.set_option("PLOTTING.BACKEND", "output.evil")  # expect: PG002
pd.set_option("display.max_rows", 5, "plotting.b.ckend", "output.evil")  # expect: PG002
pd.set_option("display.max_rows", 5, *["plotting.backend", "output.evil"])  # expect: PG002
import pandas.core.apply as apply_module


@apply_module.option_context("plotting.backend", "output.evil")  # expect: PG002
def plot():
    pd.Series([1]).plot()
