# corpus: profile=data_processing decision=deny
"""getattr(os, ...) reaches os itself, which data_processing does not allow (only os.path): PG003 on `os`, PG004 on the call."""
import os.path

run = getattr(os, "system")  # expect: PG004 PG003
run("id")  # expect: PG004
