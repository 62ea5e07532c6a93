# corpus: profile=safe_eval decision=deny
"""sys.path_hooks.append installs an importer for path entries."""
import sys  # expect: PG003


def hook(path):
    raise ImportError(path)


sys.path_hooks.append(hook)  # expect: PG010
