# corpus: profile=safe_eval decision=deny
# functools.update_wrapper and wraps copy the attributes their `assigned`
# and `updated` arguments name: a dunder there reads (and sets) what the
# profile forbids, as getattr with that name would.
import functools


def source():
    pass


def target():
    pass


functools.update_wrapper(target, source, assigned=("__globals__",))  # expect: PG009


@functools.wraps(source, assigned=("__code__",), updated=())  # expect: PG009
def wrapped():
    pass
