# corpus: profile=safe_eval decision=deny
label = "ا؜123"  # expect: PG000@11
