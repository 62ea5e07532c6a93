# corpus: profile=safe_eval decision=allow
n = 0
while True:
    print(n)
    n += 1
    if n > 10:
        break
