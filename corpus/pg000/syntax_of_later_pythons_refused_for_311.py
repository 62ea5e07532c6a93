# corpus: profile=safe_eval decision=deny target=3.11
# The parser reads f-strings the 3.12 way (PEP 701) and `except A, B:` as
# Python 2's `except A as B:`; CPython 3.11 refuses all of these, so pygate
# judging for 3.11 refuses them too.
value = 1
quoted = f"{"a"}"  # expect: PG000
nested = f"{value:{"x"}}"  # expect: PG000
escaped = f'{"\n"}'  # expect: PG000
deep = f'{value:{value:{value}}}'  # expect: PG000
try:
    pass
except ValueError, TypeError:  # expect: PG000
    pass
