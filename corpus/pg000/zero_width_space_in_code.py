# corpus: profile=safe_eval decision=deny
limit =​10  # expect: PG000@8
