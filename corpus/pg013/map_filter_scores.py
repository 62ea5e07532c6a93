# corpus: profile=code_pool decision=deny
"""map() and filter() stand in for the forbidden comprehensions."""


def policy(scores):
    positive = filter(None, scores)  # expect: PG013
    return sum(map(abs, positive))  # expect: PG013
