# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: a backslash at column 0 does not fix
# the indentation; CPython counts on into the next line (4 columns here) and
# raises "unexpected indent", while tree-sitter reads y = 2 as a statement of
# its own.
x = 1
\
    y = 2  # expect: PG000@5
