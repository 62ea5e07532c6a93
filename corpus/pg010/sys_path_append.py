# corpus: profile=safe_eval decision=deny
"""sys.path.append makes later imports load from an attacker folder."""
import sys

sys.path.append("/tmp/plugins")  # expect: PG010
