# corpus: profile=safe_eval decision=deny
"""Loops whose constant trip count no CPU limit could finish: the runner would have to stop them."""
total = 0
for k in range(2**60):  # expect: PG008
    total += k
for a in range(10**5):
    for b in range(10**5):  # expect: PG008
        total += a * b
i = 0
while i < 10**12:  # expect: PG008
    i += 1
