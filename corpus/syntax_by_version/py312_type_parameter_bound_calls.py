# corpus: profile=safe_eval decision=deny target=3.12
# A type parameter's bound runs when `__bound__` is read: it is judged as code.
def f[T: __import__("os").system("id")](x: T) -> T:  # expect: PG001 PG002 PG004
    return x
