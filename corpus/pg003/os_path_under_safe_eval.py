# corpus: profile=safe_eval decision=deny
"""os.path is allowed by data_processing, not by safe_eval."""
import os.path  # expect: PG003

print(os.path.basename("a/b.txt"))
