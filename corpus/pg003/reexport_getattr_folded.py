# corpus: profile=safe_eval decision=deny
"""getattr with a folded name reaches the same re-exported module."""
import random

getattr(random, "_o" + "s").system("id")  # expect: PG004
