# corpus: profile=safe_eval decision=deny
"""import_module imported under an innocent alias."""
from importlib import import_module as load_plugin  # expect: PG003

PLUGINS = ["json", "shutil"]
loaded = [load_plugin(name) for name in PLUGINS]  # expect: PG002
