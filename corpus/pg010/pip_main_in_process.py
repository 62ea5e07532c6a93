# corpus: profile=safe_eval decision=deny
"""Calling pip's own entry point in-process."""
from pip._internal.cli.main import main as pip_main  # expect: PG003

pip_main(["install", "evil-package"])  # expect: PG010
