# corpus: profile=safe_eval decision=deny
"""Copying the whole environment into a dict."""
import json
import os  # expect: PG003

print(json.dumps(dict(os.environ)))  # expect: PG010
