# corpus: profile=safe_eval decision=deny
"""pty.spawn starts an interactive shell."""
import pty  # expect: PG003

pty.spawn("/bin/sh")  # expect: PG004
