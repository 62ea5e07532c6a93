# corpus: profile=safe_eval decision=deny
"""enum holds builtins as `bltns`: enum.bltns.eval is eval."""
import enum

enum.bltns.eval("1 + 1")  # expect: PG001
