# corpus: profile=safe_eval decision=deny
# PEP 750 t-strings are 3.14; CPython 3.11 refuses them.
name = "world"
greeting = t"hello {name}"  # expect: PG000
