# corpus: profile=safe_eval decision=review
import sys

for i in range(10**8):
    sys.stdout.write("x\n")  # expect: PG007
