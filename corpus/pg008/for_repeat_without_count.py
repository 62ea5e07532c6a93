# corpus: profile=safe_eval decision=deny
from itertools import repeat

seen = []
for word in repeat("again"):  # expect: PG008
    seen.append(word)
for pair in enumerate(repeat(0)):  # expect: PG008
    seen.append(pair)
