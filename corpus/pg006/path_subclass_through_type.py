# corpus: profile=data_processing decision=deny
"""type(x) is x's class, so a class deriving from type(Path()) derives from Path."""
import pathlib


class P(type(pathlib.Path())):
    pass


print(P("/etc/shadow").read_bytes())  # expect: PG006
