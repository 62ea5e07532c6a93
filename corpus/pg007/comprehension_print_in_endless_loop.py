# corpus: profile=safe_eval decision=deny
rows = ["a", "b"]
while "forever":  # expect: PG008
    [print(row) for row in rows]  # expect: PG007
