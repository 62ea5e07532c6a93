# corpus: profile=safe_eval decision=deny
"""subprocess.Popen as a context manager bound with `with ... as`."""
import subprocess  # expect: PG003

with subprocess.Popen(["ls", "/"], stdout=subprocess.PIPE) as proc:  # expect: PG004 PG004
    print(proc.stdout.read())  # expect: PG004
