# corpus: profile=code_pool decision=deny
"""A while loop, even a bounded one."""


def policy(n: int) -> int:
    steps = 0
    while n > 1:  # expect: PG011
        n = n // 2
        steps += 1
    return steps
