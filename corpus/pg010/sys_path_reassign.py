# corpus: profile=safe_eval decision=deny
"""Assigning sys.path (reading it on the right is not a change)."""
import sys

sys.path = ["/tmp/evil"] + sys.path  # expect: PG010
