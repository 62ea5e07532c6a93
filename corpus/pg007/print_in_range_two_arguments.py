# corpus: profile=safe_eval decision=review
for i in range(0, 20_000_000):
    print(i, end=" ")  # expect: PG007
