# corpus: profile=data_processing decision=deny
# Files Python would import are never written, even under output/: with a
# backend or option that imports a module by name they would run as code.
from pathlib import Path

Path("output/table.csv").write_text("a,b\n1,2\n")
Path("output/evil.py").write_text("import os")  # expect: PG006
Path("output/m.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # expect: PG006
Path("output/table.csv").rename("output/run.py")  # expect: PG006
with open("output/cache.pyc", "wb") as f:  # expect: PG006
    f.write(b"")
