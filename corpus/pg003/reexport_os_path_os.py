# corpus: profile=data_processing decision=deny
"""os.path is allowed and is posixpath, which holds os: os.path.os is os."""
import os.path

os.path.os.system("id")  # expect: PG004
