# corpus: profile=safe_eval decision=allow
"""Doubling a few times, doubling a number's value (its digits grow by one in three), and growth bounded by the data."""
buf = "x"
for _ in range(10):
    buf += buf
n = 1
for _ in range(1000):
    n = n + n
v = 3
for _ in range(5):
    v = v ** 2
rows = [1]
for _ in range(int(input())):
    rows = rows + rows
print(len(buf), n % 7, v, len(rows))
