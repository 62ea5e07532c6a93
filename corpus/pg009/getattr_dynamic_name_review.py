# corpus: profile=safe_eval decision=review
"""getattr with a name that is not constant cannot be checked: a warning, so review when alone."""
def pluck(record, field):
    return getattr(record, field)  # expect: PG009


print(pluck(3 + 4j, input()))
