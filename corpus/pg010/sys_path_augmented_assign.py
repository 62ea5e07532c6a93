# corpus: profile=safe_eval decision=deny
"""Augmented assignment extends sys.path."""
import sys

sys.path += ["/tmp/vendor"]  # expect: PG010
