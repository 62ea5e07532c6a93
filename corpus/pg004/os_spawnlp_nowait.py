# corpus: profile=safe_eval decision=deny
"""os.spawnlp starts a background program; os.P_NOWAIT is only a constant."""
import os  # expect: PG003

pid = os.spawnlp(os.P_NOWAIT, "sleep", "sleep", "100")  # expect: PG004
print(pid)
