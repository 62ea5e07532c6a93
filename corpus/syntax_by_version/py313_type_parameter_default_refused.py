# corpus: profile=safe_eval decision=deny target=3.13
# CPython 3.13 reads PEP 696 defaults, but the grammar does not (an ERROR
# node): pygate refuses rather than guess what the default runs.
def f[T = __import__("os").system("id")](x: T) -> T:  # expect: PG000 PG001 PG002 PG004
    return x
