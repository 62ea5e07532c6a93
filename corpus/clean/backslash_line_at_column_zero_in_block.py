# corpus: profile=safe_eval decision=allow
# A backslash at column 0 before an indented line: CPython counts the columns
# on into that line, so y = 2 is in the if block, as tree-sitter reads it.
x = 0
if x:
\
    y = 2
