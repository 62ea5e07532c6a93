# corpus: profile=data_processing decision=allow
"""Paths bound to names once, as constants, fold like literals."""
INPUT = "input/data.csv"
OUTPUT = "output/" + "clean.csv"

with open(INPUT) as source, open(OUTPUT, "w") as target:
    target.write(source.read().strip())
