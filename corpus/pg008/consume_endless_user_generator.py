# corpus: profile=safe_eval decision=deny
# A generator of this file whose loop only yields never ends: reading it to
# the end (sum, list, a for without a way out, a comprehension) never finishes.
import itertools


def ticks():
    n = 0
    while True:
        n += 1
        yield n


def evens():
    for i in itertools.count():
        yield 2 * i


class Feed:
    def items(self):
        while 1:
            yield "x"

    def drain(self):
        return "".join(self.items())  # expect: PG008


total = sum(ticks())  # expect: PG008
numbers = list(evens())  # expect: PG008
squares = [x * x for x in evens()]  # expect: PG008
running = 0
for t in ticks():  # expect: PG008
    running += t
