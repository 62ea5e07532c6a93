# corpus: profile=safe_eval decision=deny
"""safe_eval allows no file access, so open passed anywhere is a finding."""
opener = [open][0]  # expect: PG006
print(opener)  # expect: PG006
