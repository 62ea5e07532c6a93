# corpus: profile=safe_eval decision=deny
"""os.unsetenv removes a variable."""
from os import unsetenv  # expect: PG003

unsetenv("PYTHONSAFEPATH")  # expect: PG010
