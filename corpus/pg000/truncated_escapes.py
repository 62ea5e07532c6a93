# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: escapes CPython refuses to compile
# ("truncated \uXXXX escape" and friends) that the grammar accepts.
a = "\u12"  # expect: PG000@5
b = "\x4"  # expect: PG000@5
c = "\U00110000"  # expect: PG000@5
d = "\N"  # expect: PG000@5
fine = r"\u12", b"\u12", "\\u12", "\N{EM DASH}", f"{a}\u00e9"
