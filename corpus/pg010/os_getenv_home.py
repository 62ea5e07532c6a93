# corpus: profile=safe_eval decision=deny
"""os.getenv reads the environment."""
import os  # expect: PG003

home = os.getenv("HOME", "/")  # expect: PG010
print(home)
