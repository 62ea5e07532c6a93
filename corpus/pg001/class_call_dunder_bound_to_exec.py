# corpus: profile=safe_eval decision=deny
"""A class body binds exec to __call__; calling an instance runs exec."""


class Runner:
    __call__ = exec  # expect: PG001


runner = Runner()
Runner()("print('hello')")  # expect: PG001
