# corpus: profile=safe_eval decision=deny
"""sys.path.insert(0, ...) shadows the standard library."""
import sys

sys.path.insert(0, "/tmp/shadow")  # expect: PG010
import json
