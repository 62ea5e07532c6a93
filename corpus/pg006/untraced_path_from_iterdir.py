# corpus: profile=data_processing decision=deny
"""A path from iterdir() is untraced, so its read_text has no constant path."""
import pathlib

for entry in pathlib.Path("input").iterdir():
    print(entry.resolve().parent.parent.joinpath("etc/passwd").read_text())  # expect: PG006
