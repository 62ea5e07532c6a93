# corpus: profile=safe_eval decision=deny target=3.12
# PEP 750 t-strings are 3.14; CPython 3.12 refuses them.
name = "world"
greeting = t"hello {name}"  # expect: PG000
