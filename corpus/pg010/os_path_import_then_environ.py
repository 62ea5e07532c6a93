# corpus: profile=data_processing decision=deny
"""Under data_processing, `import os.path` binds os, and os.environ is reachable."""
import os.path

base = os.environ.get("DATA_DIR", "input")  # expect: PG010
print(os.path.join(base, "x.csv"))
