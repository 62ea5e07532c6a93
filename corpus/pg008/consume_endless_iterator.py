# corpus: profile=safe_eval decision=deny
import itertools
from itertools import count as numbers

total = sum(numbers())  # expect: PG008
ordered = sorted(itertools.cycle([3, 1, 2]))  # expect: PG008
text = "".join(itertools.repeat("a"))  # expect: PG008
biggest = max(x * x for x in itertools.count())  # expect: PG008
