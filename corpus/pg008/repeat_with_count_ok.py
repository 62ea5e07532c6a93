# corpus: profile=safe_eval decision=allow
import itertools

words = list(itertools.repeat("x", 3))
for word in itertools.repeat("y", times=2):
    words.append(word)
