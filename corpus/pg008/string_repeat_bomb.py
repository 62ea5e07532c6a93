# corpus: profile=safe_eval decision=deny
padding = "a" * 10**12  # expect: PG008
blob = b"\x00" * (1 << 40)  # expect: PG008
