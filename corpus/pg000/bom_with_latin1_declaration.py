# -*- coding: latin-1 -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# CPython: SyntaxError: encoding problem: iso-8859-1 with BOM
x = 1
