# corpus: profile=safe_eval decision=allow
"""Constant loops the CPU limit can finish, loops bounded by the data, and searches that break early."""
total = 0
for k in range(10**6):
    total += k
for a in range(1000):
    for b in range(1000):
        total += a ^ b
n = int(input())
for k in range(n):
    total += k
for k in range(10**12):
    if k * k > total:
        break
i = 0
while i < 10**6:
    i += 1
print(total, i)
