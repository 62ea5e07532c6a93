# corpus: profile=safe_eval decision=deny
"""Augmented assignment extends sys.path."""
import sys  # expect: PG003

sys.path += ["/tmp/vendor"]  # expect: PG010
