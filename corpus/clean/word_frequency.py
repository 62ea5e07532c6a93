# corpus: profile=safe_eval decision=allow
"""Count words in a short text and show the most common ones."""
import re
import string
from collections import Counter, defaultdict

TEXT = """
The quick brown fox jumps over the lazy dog. The dog sleeps;
the fox runs away. A quick fox is a happy fox!
"""

STOP_WORDS = frozenset({"the", "a", "is", "over"})


def tokenize(text: str) -> list[str]:
    cleaned = text.lower().translate(str.maketrans("", "", string.punctuation))
    return [word for word in re.split(r"\s+", cleaned) if word and word not in STOP_WORDS]


def group_by_length(words: list[str]) -> dict[int, list[str]]:
    groups: defaultdict[int, list[str]] = defaultdict(list)
    for word in sorted(set(words)):
        groups[len(word)].append(word)
    return dict(groups)


words = tokenize(TEXT)
counts = Counter(words)
top = counts.most_common(3)
by_length = group_by_length(words)
capitalised = " ".join(word.capitalize() for word, _ in top)
print(top, by_length, capitalised)
