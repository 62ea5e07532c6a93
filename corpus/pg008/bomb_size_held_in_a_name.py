# corpus: profile=safe_eval decision=deny
"""The size is bound to a name first: the estimate follows the name to its one value."""
count = 10**12
blob = "a" * count  # expect: PG008


def rows():
    return [0] * count  # expect: PG008
