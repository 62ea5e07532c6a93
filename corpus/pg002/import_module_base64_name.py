# corpus: profile=safe_eval decision=deny
"""import_module given a base64-encoded module name."""
import base64
import importlib  # expect: PG003

hidden = base64.b64decode("b3M=").decode()
module = importlib.import_module(hidden)  # expect: PG002
