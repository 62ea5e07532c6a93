# corpus: profile=safe_eval decision=deny
"""Tuple unpacking copies two process functions at once."""
import os  # expect: PG003

run, pipe = os.system, os.popen  # expect: PG004 PG004
run("id")  # expect: PG004
print(pipe("hostname").read())  # expect: PG004
