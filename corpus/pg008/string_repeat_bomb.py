# corpus: profile=safe_eval decision=deny
padding = "a" * 10**12  # expect: PG008
blob = b"\x00" * (1 << 40)  # expect: PG008
even_power = (-7) ** 20 * "b"  # expect: PG008
repeated_power = pow(-7, 20) * "b"  # expect: PG008
