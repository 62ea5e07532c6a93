# corpus: profile=safe_eval decision=deny target=3.12
try:
    pass
except ValueError, TypeError:  # expect: PG000 PG014
    pass
