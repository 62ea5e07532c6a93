# corpus: profile=safe_eval decision=allow
import itertools

for word in itertools.repeat("hello", 3):
    print(word)
for index, item in zip(itertools.count(), ["a", "b"]):
    print(index, item)
