# corpus: profile=data_processing decision=deny
"""requests is allowed by networked only."""
import csv
import requests  # expect: PG003

rows = list(csv.reader(["a,b", "1,2"]))
print(rows)
