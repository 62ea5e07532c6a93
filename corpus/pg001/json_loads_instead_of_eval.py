# corpus: profile=safe_eval decision=allow
"""Parsing data with json.loads rather than evaluating it."""
import json

raw = '{"threshold": 0.75, "labels": ["cat", "dog"]}'
config = json.loads(raw)
encoded = json.dumps(config, sort_keys=True)
print(config["threshold"], encoded)
