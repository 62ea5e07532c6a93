# corpus: profile=profiles/tiny_bytes.toml decision=deny
# Over 300 bytes: reported at the first byte past the limit.
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
x = 1
# expect: PG012 ------------------------------------------------------
