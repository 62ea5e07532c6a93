# corpus: profile=safe_eval decision=deny
"""random keeps os as `_os`: random._os.system is os.system."""
import random

random._os.system("id")  # expect: PG004
