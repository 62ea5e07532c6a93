# -*- coding: ascii -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# CPython: SyntaxError: encoding problem: ascii with BOM
x = 1
