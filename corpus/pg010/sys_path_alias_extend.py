# corpus: profile=safe_eval decision=deny
"""sys imported under an alias, then sys.path.extend."""
import sys as _s

_s.path.extend(["/tmp/a", "/tmp/b"])  # expect: PG010
