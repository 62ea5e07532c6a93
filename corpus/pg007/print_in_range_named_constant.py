# corpus: profile=safe_eval decision=review
LINES = 5000000
for i in range(LINES):
    print("row", i)  # expect: PG007
