# -*- coding: utf-7 -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# In UTF-7 the base64 runs below decode to a newline and a semicolon: CPython runs the 'comment'.
x = 1  # +AAo-import os+ADs-os.system('id')
