# corpus: profile=data_processing decision=deny
# Whether a path exists, its size, times and owner are reads: they tell what
# the profile keeps out of reach.
import os.path
from pathlib import Path

has_key = os.path.exists("/root/.ssh/id_rsa")  # expect: PG006
shadow = Path("/etc/shadow").exists()  # expect: PG006
size = os.path.getsize("/etc/passwd")  # expect: PG006
secret = os.path.isdir("../secrets")  # expect: PG006
home = Path.home().is_dir()  # expect: PG006 PG010
same = Path("input").samefile("/etc")  # expect: PG006


def present(name):
    return os.path.isfile(name)  # expect: PG006
