# corpus: profile=safe_eval decision=deny
import sys  # expect: PG003

for i in range(10**8):
    sys.stdout.write("x\n")  # expect: PG007
