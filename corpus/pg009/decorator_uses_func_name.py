# corpus: profile=safe_eval decision=allow
"""A logging decorator reading func.__name__, __qualname__, __doc__ and __module__."""
import functools


def traced(func):
    @functools.wraps(func)
    def wrapper(*args):
        print(func.__module__, func.__qualname__, func.__name__, func.__doc__)
        return func(*args)
    return wrapper


@traced
def double(n):
    """Twice n."""
    return 2 * n
