# corpus: profile=safe_eval decision=allow
"""Growth that stays small: a thousand appended numbers, a hundred short
additions to a string, and nesting started over on each trip of an outer
loop (each inner run keeps ten thousand small lists, about 640 KB, not ten
million)."""
numbers = []
for i in range(1000):
    numbers.append(i)

text = ""
for _ in range(100):
    text += "ab"

for _ in range(1000):
    nested = []
    for _ in range(10**4):
        nested = [nested]

print(len(numbers), len(text), nested is not None)
