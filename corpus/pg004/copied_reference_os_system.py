# corpus: profile=safe_eval decision=deny
"""Copying os.system into a neutral name before calling it in a loop."""
import os  # expect: PG003

launcher = os.system  # expect: PG004
for command in ["id", "uname -a"]:
    launcher(command)  # expect: PG004
