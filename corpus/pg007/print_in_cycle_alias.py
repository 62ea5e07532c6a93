# corpus: profile=safe_eval decision=deny
from itertools import cycle as forever

for frame in forever("|/-\\"):  # expect: PG008
    print(frame, end="")  # expect: PG007
