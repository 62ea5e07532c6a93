# corpus: profile=safe_eval decision=deny
for value in iter(float, 1.5):  # expect: PG008
    print(value)  # expect: PG007
