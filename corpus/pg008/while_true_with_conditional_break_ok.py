# corpus: profile=safe_eval decision=allow
values = [5, 3, 0, 7]
i = 0
while True:
    if values[i] == 0:
        break
    i += 1
