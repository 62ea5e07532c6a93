# corpus: profile=code_pool decision=deny
"""iter and next bound at once through tuple unpacking."""
start, advance = iter, next  # expect: PG013 PG013


def policy(moves):
    return advance(start(moves))  # expect: PG013 PG013
