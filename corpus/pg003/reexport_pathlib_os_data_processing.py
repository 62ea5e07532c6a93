# corpus: profile=data_processing decision=deny
"""pathlib is allowed; the `os` module it imported is not: pathlib.os is os."""
import pathlib

pathlib.os.system("id")  # expect: PG004
