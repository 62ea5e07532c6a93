#!/usr/bin/env python3
# -*- coding: latin-1 -*-  # expect: PG000@15
# corpus: profile=safe_eval decision=deny
# line 1 is a comment, so CPython reads the declaration on line 2 and decodes as Latin-1
s = "café"
