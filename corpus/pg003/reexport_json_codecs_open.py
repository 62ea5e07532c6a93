# corpus: profile=safe_eval decision=deny
"""json.codecs is codecs: json.codecs.open opens a file."""
import json

handle = json.codecs.open("/etc/passwd")  # expect: PG006
