# corpus: profile=safe_eval decision=review
print("a" * 10**7)  # expect: PG007
print(b"x" * 2**21)  # expect: PG007
