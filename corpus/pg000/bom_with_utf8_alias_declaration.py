# -*- coding: utf8 -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# `utf8` is a UTF-8 alias, but CPython compares the BOM's "utf-8" with the name after
# get_normal_name(), which leaves `utf8` alone: SyntaxError: encoding problem: utf8 with BOM
x = 1
