# corpus: profile=safe_eval decision=allow
"""A thousand nested lists retain a few kilobytes: under the memory limit."""
a = []
for _ in range(1000):
    a = [a]
words = ("spam spam spam" * 50).split() * 5
print(len(words), a is not None)
