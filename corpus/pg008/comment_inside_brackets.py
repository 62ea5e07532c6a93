# corpus: profile=safe_eval decision=deny
"""A comment inside brackets is no second expression: the size and the loop are still judged."""
import itertools

blob = "a" * (  # expect: PG008
    10**12)

for tick in (  # expect: PG008
        itertools.count()):
    tick += 1
