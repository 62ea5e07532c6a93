# corpus: profile=safe_eval decision=deny
"""Installing a package through subprocess: PG004 for subprocess.run, PG010 for running pip."""
import subprocess  # expect: PG003

subprocess.run(["pip", "install", "requests-toolbelt"])  # expect: PG004 PG010
