# corpus: profile=safe_eval decision=deny
"""subprocess.run passed as an argument to functools.partial."""
import functools
import subprocess  # expect: PG003

shell = functools.partial(subprocess.run, shell=True, check=True)  # expect: PG004
