# corpus: profile=safe_eval decision=deny
# \f looks like a line break to str.splitlines() and some editors; CPython: one line, SyntaxError
x = 1import math  # expect: PG000@7
