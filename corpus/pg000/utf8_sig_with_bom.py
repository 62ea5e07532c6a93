# -*- coding: utf-8-sig -*-
# corpus: profile=safe_eval decision=allow
s = "déjà vu"
