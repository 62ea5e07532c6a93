# corpus: profile=safe_eval decision=deny
exec "x = 1"  # expect: PG000@1
