# corpus: profile=profiles/tiny_depth.toml decision=allow
# module > statement > assignment > 9 parentheses > `(` and `1`: depth 12, the limit.
x = (((((((((1)))))))))
