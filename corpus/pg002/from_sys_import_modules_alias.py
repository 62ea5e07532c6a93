# corpus: profile=safe_eval decision=deny
"""sys.modules imported under another name and indexed."""
from sys import modules as loaded

builtins_module = loaded["builtins"]  # expect: PG002
