# corpus: profile=safe_eval decision=allow
"""A user function named import_module looks names up in a local table."""
import json
import math

TABLE = {"json": json, "math": math}


def import_module(name: str):
    return TABLE[name]


print(import_module("math").sqrt(16), import_module("json").dumps([1]))
