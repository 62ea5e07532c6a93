# corpus: profile=safe_eval decision=deny
"""An aliased import still resolves: `sp.run` is `subprocess.run`."""
import subprocess as sp  # expect: PG003

result = sp.run(["id"], capture_output=True, text=True)  # expect: PG004
print(result.stdout)
