# corpus: profile=safe_eval decision=deny
"""Two modules on one import line: json is allowed, subprocess is not (one finding)."""
import json, subprocess  # expect: PG003

print(json.dumps({"ok": True}))
