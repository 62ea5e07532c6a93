# corpus: profile=safe_eval decision=deny
"""importlib.import_module with a folded name, then `.system` on the result."""
import importlib  # expect: PG003

mod = importlib.import_module("o" + "s")  # expect: PG002
mod.system("id")  # expect: PG004
