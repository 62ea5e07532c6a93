# corpus: profile=safe_eval decision=deny
n = 0
while True:  # expect: PG008
    print(n)  # expect: PG007
    n += 1
