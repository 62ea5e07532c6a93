# corpus: profile=safe_eval decision=deny
import itertools as it

colours = []
for colour in it.cycle(["red", "green"]):  # expect: PG008
    colours.append(colour)
