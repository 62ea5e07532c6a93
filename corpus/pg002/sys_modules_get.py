# corpus: profile=safe_eval decision=deny
"""sys.modules.get fetches an already-loaded module by name."""
import sys

name = "subprocess"
module = sys.modules.get(name)  # expect: PG002
print(module is not None)
