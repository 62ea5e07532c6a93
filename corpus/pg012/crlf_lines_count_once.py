# corpus: profile=profiles/tiny_lines.toml decision=deny
# CRLF line endings: each \r\n ends one line, as CPython reads them.
a = 1
b = 2
c = 3
d = 4
e = 5
f = 6
g = 7  # expect: PG012
