# corpus: profile=safe_eval decision=deny
# An allowed module may hold another module's class or function under its
# own name (json.tool imports pathlib's Path): using it is using that module,
# which the profile does not allow.
from json.tool import Path
import json.tool

text = Path("/etc/hostname").read_text()  # expect: PG003 PG003
made = json.tool.Path("notes.txt")  # expect: PG003
data = json.tool.json.dumps({"a": 1})
