# corpus: profile=safe_eval decision=deny
"""Item assignment into sys.path."""
import sys

sys.path[0] = "/tmp/evil"  # expect: PG010
