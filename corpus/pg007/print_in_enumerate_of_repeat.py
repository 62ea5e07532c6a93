# corpus: profile=safe_eval decision=deny
import itertools

for index, word in enumerate(itertools.repeat("spam")):  # expect: PG008
    print(index, word)  # expect: PG007
