# corpus: profile=safe_eval decision=deny
"""Fullwidth letters that NFKC folds to __import__."""
module = __ｉｍｐｏｒｔ__("platform")  # expect: PG002
print(module)
