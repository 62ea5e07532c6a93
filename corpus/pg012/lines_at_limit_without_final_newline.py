# corpus: profile=profiles/tiny_lines.toml decision=allow
# Eight lines and no newline after the last one.
a = 1
b = 2
c = 3
d = 4
e = 5
f = 6