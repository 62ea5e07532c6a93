# corpus: profile=data_processing decision=allow
"""output/ is readable too: a previous step's results may be read back."""

with open("output/previous.txt") as previous:
    print(previous.read())
