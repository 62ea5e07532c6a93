# corpus: profile=safe_eval decision=deny
"""dir() enumerates names in scope, the first step of looking for something to reach."""
import math

names = dir()  # expect: PG009
print(names, dir(math))  # expect: PG009
