# corpus: profile=code_pool decision=deny
"""open() is not in code_pool's builtins.allow, so reading a file is refused."""


def policy(state):
    return open("weights.txt").read()  # expect: PG013
