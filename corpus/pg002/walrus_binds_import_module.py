# corpus: profile=safe_eval decision=deny
"""A walrus binds import_module inside a condition."""
import importlib  # expect: PG003

if (grab := importlib.import_module) is not None:  # expect: PG002
    tool = grab("pty")  # expect: PG002 PG004
