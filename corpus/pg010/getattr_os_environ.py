# corpus: profile=safe_eval decision=deny
"""getattr with a folded constant reaches os.environ."""
import os  # expect: PG003

variables = getattr(os, "env" + "iron")  # expect: PG010
print(variables["PATH"])  # expect: PG010
