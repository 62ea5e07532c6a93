# corpus: profile=safe_eval decision=allow
for i in range(100):
    print(i)
for j in range(100000):
    print(j)
