# corpus: profile=code_pool decision=deny
"""open() is outside code_pool's builtins.allow, but the more specific finding is
PG006: code_pool allows no file access at all. One location, one finding."""


def policy(state):
    return open("weights.txt").read()  # expect: PG006
