# corpus: profile=safe_eval decision=deny
"""Writing os.environ changes what every later child process loads."""
import os  # expect: PG003

os.environ["LD_PRELOAD"] = "/tmp/hook.so"  # expect: PG010
