# corpus: profile=repo_tooling decision=allow
"""Editing ordinary files of the repository is allowed."""
from pathlib import Path

index = Path("docs") / "index.md"
index.write_text(index.read_text().replace("TODO", "Done"))
