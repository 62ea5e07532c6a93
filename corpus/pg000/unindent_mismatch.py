# corpus: profile=safe_eval decision=deny
if True:
        x = 1
    y = 2  # expect: PG000@5
