# corpus: profile=code_pool decision=deny
"""A lambda as a sort key."""


def policy(scores: dict) -> list:
    return sorted(scores, key=lambda name: scores[name])  # expect: PG011
