# corpus: profile=safe_eval decision=deny
# The test folds to True: 1 < 2 never changes.
total = 0
while 1 < 2:  # expect: PG008
    total += 1
