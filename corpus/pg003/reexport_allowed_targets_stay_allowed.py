# corpus: profile=safe_eval decision=allow
"""Aliases that lead to allowed modules stay allowed: statistics.random is random."""
import collections
import json
import statistics

print(statistics.random.random())
print(collections.abc.Mapping, json.decoder.JSONDecodeError)
