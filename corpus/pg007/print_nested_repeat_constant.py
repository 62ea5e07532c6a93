# corpus: profile=safe_eval decision=review
# Two megabytes of output, folded from a repetition of a repetition.
print(("=" * 2000) * 1000)  # expect: PG007
