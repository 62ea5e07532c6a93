# corpus: profile=safe_eval decision=deny
"""A walrus expression binds os.system inside a condition."""
import os  # expect: PG003

if (runner := os.system) is not None:  # expect: PG004
    runner("id")  # expect: PG004
