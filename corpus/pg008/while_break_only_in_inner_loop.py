# corpus: profile=safe_eval decision=deny
# The break leaves the inner for, never the while.
while not False:  # expect: PG008
    for value in (1, 2, 3):
        if value == 2:
            break
