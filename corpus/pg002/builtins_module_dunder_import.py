# corpus: profile=safe_eval decision=deny
"""__import__ reached as an attribute of the builtins module."""
import builtins  # expect: PG003

shutil_module = builtins.__import__("shutil")  # expect: PG002
