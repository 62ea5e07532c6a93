# corpus: profile=safe_eval decision=deny
items = [1, 2, 3]
while True:  # expect: PG008
    for item in items:
        print(item)  # expect: PG007
