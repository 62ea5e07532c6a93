# corpus: profile=code_pool decision=deny
"""Fullwidth letters that NFKC folds to type."""


def policy(state):
    return ｔｙｐｅ(state) is list  # expect: PG013
