# corpus: profile=data_processing decision=allow
# Format strings without attribute fields, other options, and a formatter
# function of the program's own: nothing read by name.
import pandas as pd

pd.set_option("display.max_rows", 100, "display.precision", 3)
pd.set_option("styler.format.formatter", "{:.2f}")
pd.set_option("styler.format.formatter", {"a": "{:.1%}"})
pd.set_option("styler.format.formatter", lambda v: f"{v:.2f}")
pd.options.display.max_columns = 20
with pd.option_context("display.max_rows", 5):
    print(pd.DataFrame({"a": [1.0]}).style.to_html())
