# corpus: profile=safe_eval decision=deny
"""runpy.run_path imported under an alias runs a file as code."""
from runpy import run_path as execute_file  # expect: PG003

result = execute_file("plugin.py")  # expect: PG002
print(sorted(result))
