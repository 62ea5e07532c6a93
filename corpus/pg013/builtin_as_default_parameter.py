# corpus: profile=code_pool decision=deny
"""input hidden as the default value of a parameter."""


def policy(state, read=input):  # expect: PG013
    return read()  # expect: PG013
