# corpus: profile=safe_eval decision=allow
"""A plugin registry named `modules` with item assignment."""
import json

modules = {}
modules["json"] = json.dumps
modules["upper"] = str.upper
print(modules["json"]({"a": 1}), modules["upper"]("x"))
