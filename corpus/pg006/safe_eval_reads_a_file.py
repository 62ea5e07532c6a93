# corpus: profile=safe_eval decision=deny
"""safe_eval allows no file access at all, not even a read of a harmless name."""

with open("notes.txt") as notes:  # expect: PG006
    print(notes.read())
