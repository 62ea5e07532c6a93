# corpus: profile=repo_tooling decision=deny
"""sitecustomize.py is denied by name in any folder."""
from pathlib import Path

Path("vendor", "sitecustomize.py").write_text("print('loaded')\n")  # expect: PG006
