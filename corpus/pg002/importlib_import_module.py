# corpus: profile=safe_eval decision=deny
"""importlib.import_module loads a module named by a string."""
import importlib  # expect: PG003

name = "sub" + "process"
proc = importlib.import_module(name)  # expect: PG002 PG004
