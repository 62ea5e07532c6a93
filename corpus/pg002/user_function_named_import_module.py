# corpus: profile=safe_eval decision=review
"""A user function named import_module looks names up in a local table: not an
importer (no PG002), but the modules held as a dict's values are handed where
pygate does not follow what is called on them (PG003, a review)."""
import json
import math

TABLE = {"json": json, "math": math}  # expect: PG003 PG003


def import_module(name: str):
    return TABLE[name]


print(import_module("math").sqrt(16), import_module("json").dumps([1]))
