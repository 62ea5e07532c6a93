# corpus: profile=data_processing decision=deny
"""data_processing writes only under output/: a result file at the top is refused."""
import csv

rows = [["a", 1], ["b", 2]]
with open("results.csv", "w", newline="") as handle:  # expect: PG006
    csv.writer(handle).writerows(rows)
