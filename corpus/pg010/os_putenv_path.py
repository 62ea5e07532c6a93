# corpus: profile=safe_eval decision=deny
"""os.putenv changes the environment of child processes."""
import os  # expect: PG003

os.putenv("PATH", "/tmp/bin:/usr/bin")  # expect: PG010
