# corpus: profile=profiles/tiny_lines.toml decision=allow
# Exactly eight lines, the last one ending in a newline: not past the limit.
a = 1
b = 2
c = 3
d = 4
e = 5
f = 6
