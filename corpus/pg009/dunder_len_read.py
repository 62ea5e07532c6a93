# corpus: profile=safe_eval decision=deny
"""Any dunder read outside dunders.allow is flagged, even a harmless-looking __len__."""
items = [1, 2, 3]
count = items.__len__()  # expect: PG009
print(count)
