# corpus: profile=safe_eval decision=deny
show = print
while True:  # expect: PG008
    show("tick")  # expect: PG007
