# corpus: profile=safe_eval decision=deny
# CPython takes a logical line's indentation from before the backslash (column 8), so y = 2
# is outside if False and runs. tree-sitter adds the next line's 4 spaces (12) and puts it inside.
if True:
        if False:
            x = 1
        \
    y = 2
