# corpus: profile=profiles/tiny_lines.toml decision=deny
# One logical line spread over physical lines: the limit counts physical lines.
total = 1 + \
    2 + \
    3 + \
    4 + \
    5 + \
    6 + \
    7  # expect: PG012
