# corpus: profile=safe_eval decision=deny
"""Loading a module from an arbitrary file with importlib.util."""
import importlib.util  # expect: PG003

spec = importlib.util.spec_from_file_location("plugin", "/tmp/plugin.py")  # expect: PG010
module = importlib.util.module_from_spec(spec)  # expect: PG010
spec.loader.exec_module(module)
