# corpus: profile=profiles/tiny_depth.toml decision=deny
# `a + b + c + ...` nests left to right: each `+` is one level deeper.
total = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11  # expect: PG012
