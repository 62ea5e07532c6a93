# corpus: profile=safe_eval decision=deny
"""A lambda body that calls subprocess.call."""
import subprocess  # expect: PG003

sh = lambda cmd: subprocess.call(cmd, shell=True)  # expect: PG004
print(sh("id"))
