# corpus: profile=data_processing decision=deny
# pandas formats a Styler's cells with the format string its
# styler.format.formatter option holds: the fields of `{0.__class__}` read
# attributes as getattr does, however the option is set. pandas takes a
# set_option key for a regular expression searched in every option's name,
# so "FORMAT.formatter" sets it too.
import pandas as pd

pd.set_option("styler.format.formatter", "{0.__class__.__init__.__globals__}")  # expect: PG009
pd.options.styler.format.formatter = "{0.__class__}"  # expect: PG009
setattr(pd.options.styler.format, "formatter", "{0.__class__}")  # expect: PG009
pd.set_option("FORMAT.formatter", "{0.__class__}")  # expect: PG009
with pd.option_context("display.max_rows", 5, "styler.format.formatter", "{0.__class__}"):  # expect: PG009
    print(pd.DataFrame({"a": [1]}).style.to_html())
import pandas.core.apply as apply_module

with apply_module.option_context("styler.format.formatter", "{0.__class__}"):  # expect: PG009
    print(pd.DataFrame({"a": [1]}).style.to_html())
