# corpus: profile=data_processing decision=deny
# Arguments behind a star are not constant: Path("input", *parts) is not `input`.
import os.path
from pathlib import Path

a = Path("input", *["..", "..", "etc", "passwd"]).read_text()  # expect: PG006
b = open(os.path.join(*["/etc", "passwd"])).read()  # expect: PG006
