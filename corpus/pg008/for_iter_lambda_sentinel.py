# corpus: profile=safe_eval decision=deny
values = []
for v in iter(lambda: "x", "y"):  # expect: PG008
    values.append(v)
