# corpus: profile=safe_eval decision=deny
"""os.posix_spawn with an explicit argv."""
import os  # expect: PG003

pid = os.posix_spawn("/bin/sh", ["sh", "-c", "id"], {})  # expect: PG004
