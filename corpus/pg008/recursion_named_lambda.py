# corpus: profile=safe_eval decision=deny
spin = lambda n: spin(n + 1)  # expect: PG008
spin(0)
