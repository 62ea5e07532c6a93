# corpus: profile=repo_tooling decision=deny
"""Path.cwd() gives the absolute working folder: a path built on it is absolute."""
from pathlib import Path

notes = Path.cwd() / "notes.txt"
print(notes.read_text())  # expect: PG006
