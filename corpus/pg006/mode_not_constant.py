# corpus: profile=data_processing decision=deny
"""A mode that is not constant may write: it is judged as a write."""

mode = "w" if input() else "r"
with open("input/data.csv", mode) as handle:  # expect: PG006
    print(handle)
