# corpus: profile=safe_eval decision=deny target=3.13
# PEP 750 t-strings are 3.14; CPython 3.13 reads `t` as a name before a
# string and refuses the file.
template = t"{__import__("os").system("id")}"  # expect: PG000 PG000 PG000 PG014
