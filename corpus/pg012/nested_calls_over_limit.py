# corpus: profile=profiles/tiny_depth.toml decision=deny
value = abs(abs(abs(abs(abs(1)))))  # expect: PG012
