# corpus: profile=safe_eval decision=deny
n = 0
while 1:  # expect: PG008
    n = n * 2 + 1
