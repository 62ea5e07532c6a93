# corpus: profile=data_processing decision=allow
"""os.path is posixpath, yet os.path.join keeps its name: only what os.path holds is seen through."""
import os.path
import pathlib

name = os.path.join("output", "a.txt")
print(os.path.basename(name), pathlib.PurePath(name).suffix)
