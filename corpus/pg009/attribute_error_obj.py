# corpus: profile=safe_eval decision=review
"""AttributeError.obj is the object a lookup failed on, reached without naming it."""
try:
    len.missing
except AttributeError as error:
    found = error.obj  # expect: PG009
