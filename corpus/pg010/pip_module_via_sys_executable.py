# corpus: profile=safe_eval decision=deny
"""`python -m pip install` through sys.executable is running pip too."""
import subprocess  # expect: PG003
import sys

subprocess.check_call([sys.executable, "-m", "pip", "install", "x"])  # expect: PG004 PG010
