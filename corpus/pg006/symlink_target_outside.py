# corpus: profile=data_processing decision=deny
"""A link under output/ that points at /etc/passwd: the target is checked too."""
from pathlib import Path

Path("output/passwd").symlink_to("/etc/passwd")  # expect: PG006
