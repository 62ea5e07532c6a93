# corpus: profile=safe_eval decision=deny
"""A custom finder inserted into sys.meta_path intercepts every import."""
import sys


class Finder:
    def find_spec(self, name, path, target=None):
        return None


sys.meta_path.insert(0, Finder())  # expect: PG010
