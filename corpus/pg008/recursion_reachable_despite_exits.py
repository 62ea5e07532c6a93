# corpus: profile=safe_eval decision=deny
# A real recursion is still found: the call in the `return` itself runs, a
# `return` inside a branch stops nothing after it, a `raise` inside a `with`
# may be suppressed, and a nested function's `return` is its own.
import contextlib  # expect: PG003


def loop(n):
    return loop(n + 1)  # expect: PG008


def after_branch(n):
    if n < 0:
        return 0
    return after_branch(n - 1)


def suppressed(n):
    with contextlib.suppress(ValueError):
        raise ValueError(n)
    suppressed(n + 1)  # expect: PG008


def nested_exit(n):
    def inner():
        return 1

    nested_exit(n + inner())  # expect: PG008


def walk(n):
    return step(n)


def step(n):
    walk(n)  # expect: PG008
    return n
