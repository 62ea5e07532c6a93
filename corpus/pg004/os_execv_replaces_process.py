# corpus: profile=safe_eval decision=deny
"""os.execv replaces the interpreter with a shell."""
import os  # expect: PG003

os.execv("/bin/sh", ["sh", "-c", "id"])  # expect: PG004
