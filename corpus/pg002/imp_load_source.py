# corpus: profile=safe_eval decision=deny
"""The deprecated imp module loads source files as modules (Python 3.11 still has it)."""
import imp  # expect: PG003

plugin = imp.load_source("plugin", "plugin.py")  # expect: PG002
