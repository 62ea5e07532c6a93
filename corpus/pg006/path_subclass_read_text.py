# corpus: profile=data_processing decision=deny
"""A class deriving from pathlib.Path has its methods: P(...).read_text is Path.read_text."""
import pathlib


class P(pathlib.Path):
    pass


print(P("/etc/passwd").read_text())  # expect: PG006
