# corpus: profile=safe_eval decision=review
for i in range(1 << 20):
    print("start", i)  # expect: PG007
    print("end", i)  # expect: PG007
