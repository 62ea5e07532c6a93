# corpus: profile=plotting decision=deny
"""matplotlib imports subprocess; a third-party module's `subprocess` is taken for subprocess."""
import matplotlib

matplotlib.subprocess.run(["id"])  # expect: PG004
