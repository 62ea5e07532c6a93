# corpus: profile=profiles/tiny_strings.toml decision=deny
# Adjacent literals are one constant to CPython: splitting data into short pieces
# does not get it past the limit.
data = ("abcdef"  # expect: PG012
        "ghijkl"
        "mnopqr")
