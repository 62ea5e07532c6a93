# corpus: profile=data_processing decision=deny
"""super() in a method of a Path subclass reaches Path's methods."""
import pathlib


class P(pathlib.Path):
    def secret(self):
        return super().read_text()  # expect: PG006


print(P("input/a.csv").secret())
