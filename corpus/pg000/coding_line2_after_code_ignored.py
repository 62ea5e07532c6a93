x = 1
# -*- coding: latin-1 -*-
# corpus: profile=safe_eval decision=allow
# Line 1 is code, so CPython ignores the declaration on line 2: the file is UTF-8.
s = "café"
