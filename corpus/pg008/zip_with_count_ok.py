# corpus: profile=safe_eval decision=allow
import itertools

items = ["a", "b", "c"]
numbered = list(zip(itertools.count(), items))
for index, item in zip(itertools.count(1), items):
    numbered.append((index, item))
first = next(itertools.count(5))
bounded = list(itertools.islice(itertools.cycle(items), 10))
