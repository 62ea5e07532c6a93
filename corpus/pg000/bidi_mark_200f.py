# corpus: profile=safe_eval decision=deny
name = "abc‏def"  # expect: PG000@12
