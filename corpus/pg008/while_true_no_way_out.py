# corpus: profile=safe_eval decision=deny
# A worker loop with no break, return, raise or yield: it never ends.
state = {"ticks": 0}
while True:  # expect: PG008
    state["ticks"] += 1
