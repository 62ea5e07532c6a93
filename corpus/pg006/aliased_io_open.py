# corpus: profile=data_processing decision=deny
"""io.open under an alias is still open: the path is outside input/ and output/."""
from io import open as load

config = load("config/secrets.toml").read()  # expect: PG006
