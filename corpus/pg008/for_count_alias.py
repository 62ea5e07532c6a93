# corpus: profile=safe_eval decision=deny
from itertools import count as c

squares = []
for i in c(1):  # expect: PG008
    squares.append(i * i)
