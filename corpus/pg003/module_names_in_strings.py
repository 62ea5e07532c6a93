# corpus: profile=safe_eval decision=allow
"""Module names in strings and comments are not imports."""
# import subprocess  (commented out on purpose)
BANNED = ["os", "subprocess", "socket", "from . import x"]
HELP = "write `import json`, never `import os`"
print(len(BANNED), HELP)
