# -*- coding: ascii -*-
# corpus: profile=safe_eval decision=deny
s = "café"  # expect: PG000@9
