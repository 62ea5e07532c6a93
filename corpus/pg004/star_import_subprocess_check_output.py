# corpus: profile=safe_eval decision=deny
"""A star import from subprocess makes `check_output` a bare name."""
from subprocess import *  # expect: PG003

banner = check_output(["uname", "-a"], text=True)  # expect: PG004
