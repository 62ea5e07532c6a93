# corpus: profile=profiles/tiny_bytes.toml decision=allow
# Exactly 300 bytes: at the limit, not past it.
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
z = 3
#------------------
