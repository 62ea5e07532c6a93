# corpus: profile=safe_eval decision=deny target=3.14
# PEP 750 t-strings: the grammar has none, so pygate refuses them.
template = t"{__import__("os").system("id")}"  # expect: PG000 PG000 PG000 PG014
