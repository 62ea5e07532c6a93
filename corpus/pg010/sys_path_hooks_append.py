# corpus: profile=safe_eval decision=deny
"""sys.path_hooks.append installs an importer for path entries."""
import sys


def hook(path):
    raise ImportError(path)


sys.path_hooks.append(hook)  # expect: PG010
