# corpus: profile=safe_eval decision=deny
"""Unpickling a received payload runs whatever reducer the data names."""
import base64
import pickle  # expect: PG003

payload = base64.b64decode("gASVBQAAAAAAAACMAWGULg==")
state = pickle.loads(payload)  # expect: PG001
print(state)
