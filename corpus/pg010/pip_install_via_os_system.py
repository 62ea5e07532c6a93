# corpus: profile=safe_eval decision=deny
"""pip run through a shell string."""
import os  # expect: PG003

os.system("pip install --user colorama")  # expect: PG004 PG010
