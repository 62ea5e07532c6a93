# corpus: profile=safe_eval decision=deny
"""Iterating over a tuple of process functions binds the loop variable to each."""
import os  # expect: PG003

for spawn in (os.system, os.popen):  # expect: PG004 PG004
    spawn("id")  # expect: PG004
