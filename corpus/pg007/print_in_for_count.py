# corpus: profile=safe_eval decision=deny
import itertools

for i in itertools.count():  # expect: PG008
    print("line", i)  # expect: PG007
