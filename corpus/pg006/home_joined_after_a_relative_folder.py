# corpus: profile=data_processing decision=deny
"""The home folder joined after a relative folder starts the path over, as
an absolute part does: these read ~/.ssh/id_rsa, not input/~/.ssh/id_rsa."""
import os.path
from pathlib import Path

key = open(os.path.join("input", os.path.expanduser("~/.ssh/id_rsa"))).read()  # expect: PG006 PG010
same = (Path("input") / Path.home() / ".ssh" / "id_rsa").read_text()  # expect: PG006 PG010
rooted = open(os.path.join("input", os.path.expanduser("~root/.ssh/id_rsa"))).read()  # expect: PG006 PG010
print(len(key), len(same), len(rooted))
