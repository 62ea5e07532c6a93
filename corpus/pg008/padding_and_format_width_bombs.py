# corpus: profile=safe_eval decision=deny
"""Ordinary string methods and format widths with constant, huge sizes."""
padded = "x".ljust(10**12)  # expect: PG008
framed = "y".center(2**40, "*")  # expect: PG008
wide = f"{0:>{10**12}}"  # expect: PG008
literal_wide = f"{3.5:>1000000000000.2f}"  # expect: PG008
starred = "%0*d" % (10**12, 1)  # expect: PG008
zeros = "%01000000000000d" % 1  # expect: PG008
