# corpus: profile=data_processing decision=deny
# pandas' Styler holds a jinja2 Environment, whose templates reach any
# module: a value of a module the profile does not allow.
import pandas as pd

frame = pd.DataFrame({"a": [1]})
template = frame.style.env.from_string("{{ 1 }}")  # expect: PG003
style = frame.style
environment = style.env  # expect: PG003
