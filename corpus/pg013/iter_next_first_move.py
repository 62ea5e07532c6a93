# corpus: profile=code_pool decision=deny
"""iter() and next() pick the first legal move."""


def policy(moves):
    cursor = iter(moves)  # expect: PG013
    return next(cursor, None)  # expect: PG013
