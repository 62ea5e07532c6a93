# corpus: profile=safe_eval decision=review
for i in range(10**9):
    print(i)  # expect: PG007
