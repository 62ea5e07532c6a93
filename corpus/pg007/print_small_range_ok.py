# corpus: profile=safe_eval decision=allow
for i in range(100):
    print(i)
for j in range(100000):
    print(j)
for k in range(10**9):
    print(k)
    if k * k > 1000:
        break
