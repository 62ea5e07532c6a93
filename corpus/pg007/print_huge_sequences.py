# corpus: profile=safe_eval decision=review
# Printing a huge list, or a huge range spread into print's arguments, prints
# every item: far more than limits.output_bytes.
print(*range(10**9))  # expect: PG007
print(list(range(10**7)))  # expect: PG007
print([0] * 10**6, sep="")  # expect: PG007
print(*range(10), range(10**9), list(range(100)))
