# corpus: profile=safe_eval decision=deny
"""Two importers bound at once through tuple unpacking."""
import importlib  # expect: PG003

fetch, refresh = importlib.import_module, importlib.reload  # expect: PG002 PG002
module = refresh(fetch("string"))  # expect: PG002 PG002
