# corpus: profile=data_processing decision=deny
"""`from os import path` is allowed, but the same line also takes getcwd from os."""
from os import path, getcwd  # expect: PG003

print(path.join("output", "x.csv"), getcwd)
