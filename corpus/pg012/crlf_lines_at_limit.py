# corpus: profile=profiles/tiny_lines.toml decision=allow
# Eight lines ending in \r\n: each is one line, so the file is at the limit.
a = 1
b = 2
c = 3
d = 4
e = 5
f = 6
