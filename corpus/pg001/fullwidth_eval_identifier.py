# corpus: profile=safe_eval decision=deny
"""Fullwidth letters that NFKC folds to eval, as CPython does."""
expression = "2 + 3"
value = ｅｖａｌ(expression)  # expect: PG001
print(value)
