# corpus: profile=safe_eval decision=deny
# int() is always 0, never the sentinel 1.
out = []
for zero in iter(int, 1):  # expect: PG008
    out.append(zero)
