# corpus: profile=safe_eval decision=deny
"""Killing the supervising process with os.kill and a signal constant."""
import os  # expect: PG003
import signal  # expect: PG003

os.kill(os.getppid(), signal.SIGKILL)  # expect: PG004 PG004
