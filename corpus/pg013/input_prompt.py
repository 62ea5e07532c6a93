# corpus: profile=code_pool decision=deny
"""input() would block a pool worker waiting for a human."""


def policy(state):
    answer = input("next move? ")  # expect: PG013
    return int(answer) if answer else 0
