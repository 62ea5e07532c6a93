# corpus: profile=code_pool decision=deny
"""A class hides state and methods: the code pool wants plain functions."""


class Policy:  # expect: PG011
    def act(self, state: dict) -> int:
        return len(state)


def policy(state: dict) -> int:
    return Policy().act(state)
