# corpus: profile=safe_eval decision=deny
# Tests that are always true without saying True: `...`, arithmetic on
# literals, a builtin, a chain of comparisons, a conditional or walrus expression.
while ...:  # expect: PG008
    pass
while -1:  # expect: PG008
    pass
while 2 ** 3:  # expect: PG008
    pass
while int:  # expect: PG008
    pass
while 0 <= 1 < 2:  # expect: PG008
    pass
while 1 if True else 0:  # expect: PG008
    pass
while (ready := 1):  # expect: PG008
    pass
