# corpus: profile=repo_tooling decision=deny
"""`from pathlib import os` binds the module os, which repo_tooling does not allow."""
from pathlib import os as o

print(o.cpu_count())  # expect: PG003
