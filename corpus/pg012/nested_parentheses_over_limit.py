# corpus: profile=profiles/tiny_depth.toml decision=deny
x = (((((((((((1)))))))))))  # expect: PG012
