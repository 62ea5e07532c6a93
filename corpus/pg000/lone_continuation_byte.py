# corpus: profile=safe_eval decision=deny
s = "abc€"  # expect: PG000@9
