# corpus: profile=code_pool decision=deny
"""A nested function returns the builtin next; its result is then called."""


def policy(moves):
    def stepper():
        return next  # expect: PG013

    return stepper()(reversed(moves))  # expect: PG013
