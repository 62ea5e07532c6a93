# corpus: profile=safe_eval decision=deny
"""Replacing sys.modules['json'] makes every later `import json` load the fake."""
import sys


class FakeJson:
    def dumps(self, value):
        return "pwned"


sys.modules["json"] = FakeJson()  # expect: PG010
