# corpus: profile=code_pool decision=deny
"""A for loop; sum() over a range is what the pool allows."""


def policy(values: list) -> float:
    total = 0.0
    for value in values:  # expect: PG011
        total += value
    return total
