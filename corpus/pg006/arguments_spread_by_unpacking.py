# corpus: profile=data_processing decision=deny
# Arguments spread by an unpacking are read as CPython fills parameters
# from them: a list or tuple display by position, a dict display or
# dict(k=v) by keyword. An unpacking pygate cannot read may fill any
# parameter not given by name: a path it cannot see.
import pandas as pd

with open(*["/etc/hostname"]) as handle:  # expect: PG006
    print(handle.read())
frame = pd.read_csv(**dict(filepath_or_buffer="/etc/passwd"))  # expect: PG006
options = {"sep": ","}
copy = pd.read_csv("input/a.csv", **options)
frame.to_csv(**{"path_or_buf": "output/b.csv"})
