# corpus: profile=safe_eval decision=deny
"""os.environ copied into a neutral name; every use of the copy is reported."""
import os  # expect: PG003

settings = os.environ  # expect: PG010
settings["PYTHONPATH"] = "/tmp/evil"  # expect: PG010
