# corpus: profile=safe_eval decision=deny
buffer = bytearray(10**11)  # expect: PG008
numbers = list(range(10**10))  # expect: PG008
unique = set(range(2**40))  # expect: PG008
