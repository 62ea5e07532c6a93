# corpus: profile=safe_eval decision=deny
"""os.fork in a loop (a fork bomb in miniature)."""
import os  # expect: PG003

for _ in range(10):
    if os.fork() == 0:  # expect: PG004
        print("child")
