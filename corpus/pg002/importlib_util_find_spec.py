# corpus: profile=safe_eval decision=deny
"""importlib.util.find_spec probes for modules by name."""
import importlib.util  # expect: PG003

available = importlib.util.find_spec("numpy") is not None  # expect: PG002
print(available)
