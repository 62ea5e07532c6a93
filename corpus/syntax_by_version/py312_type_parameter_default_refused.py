# corpus: profile=safe_eval decision=deny target=3.12
# PEP 696 defaults are 3.13; CPython 3.12 refuses them.
def f[T = int](x: T) -> T:  # expect: PG000 PG014
    return x
