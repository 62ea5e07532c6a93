# corpus: profile=safe_eval decision=allow
# Endless generators read a bounded number of times, and generators that may
# stop: none of these runs forever.
import itertools


def ticks():
    n = 0
    while True:
        n += 1
        yield n


def until_empty(queue):
    while True:
        if not queue:
            return
        yield queue.pop()


def done_early(limit):
    if limit <= 0:
        return
    while True:
        yield limit


def counted():
    for i in range(10):
        yield i


first = next(ticks())
pairs = list(zip(ticks(), ["a", "b", "c"]))
head = list(itertools.islice(ticks(), 5))
drained = list(until_empty([1, 2, 3]))
nothing = list(done_early(0))
total = sum(counted())
for t in ticks():
    if t > 3:
        break
