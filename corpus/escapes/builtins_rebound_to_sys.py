# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: __builtins__ rebound to a module so that names resolve in it
import sys
__builtins__ = sys  # expect: PG010
