# corpus: profile=code_pool decision=deny
"""A conditional expression chooses between an allowed and a forbidden builtin."""


def policy(values, first):
    pick = next if first else max  # expect: PG013
    return pick(iter(values))  # expect: PG013 PG013
