# corpus: profile=data_processing decision=allow
"""`from os import path` imports os.path, which data_processing allows."""
from os import path

target = path.join("output", "summary.csv")
print(path.splitext(target))
