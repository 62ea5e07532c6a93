# corpus: profile=safe_eval decision=deny
"""importlib.reload re-executes a module's code at run time."""
import importlib  # expect: PG003
import json

json = importlib.reload(json)  # expect: PG002
print(json.dumps({"reloaded": True}))
