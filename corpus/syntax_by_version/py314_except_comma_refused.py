# corpus: profile=safe_eval decision=deny target=3.14
# CPython 3.14 reads both names as exception types (PEP 758); the grammar
# reads `except ValueError as TypeError:`, so pygate refuses it.
try:
    pass
except ValueError, TypeError:  # expect: PG000 PG014
    pass
