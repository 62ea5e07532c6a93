# corpus: profile=safe_eval decision=deny
huge = 10**10**10  # expect: PG008
tower = 2**2**2**2**2**2  # expect: PG008
also = pow(10, 10**10)  # expect: PG008
shifted = 1 << 10**10  # expect: PG008
