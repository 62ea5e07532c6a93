# corpus: profile=safe_eval decision=deny
"""A loop tries several importers in turn."""
import importlib  # expect: PG003

for importer in (importlib.import_module, __import__):  # expect: PG002 PG002
    try:
        module = importer("ctypes")  # expect: PG002 PG004
        break
    except ImportError:
        continue
