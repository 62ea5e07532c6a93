# corpus: profile=safe_eval decision=deny
"""Assigning sys.path (reading it on the right is not a change)."""
import sys  # expect: PG003

sys.path = ["/tmp/evil"] + sys.path  # expect: PG010
