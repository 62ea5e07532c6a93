# corpus: profile=safe_eval decision=deny
grid = [0] * 10**10  # expect: PG008
SIZE = 100000000000
row = [None] * SIZE  # expect: PG008
