# corpus: profile=profiles/tiny_strings.toml decision=allow
# Literals of exactly 16 bytes (quotes and prefixes included) are at the limit, not past it.
a = "fourteen chars"
b = b"thirteen byte"
c = f"twelve {a}"
