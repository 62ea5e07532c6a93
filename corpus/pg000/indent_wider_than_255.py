# corpus: profile=safe_eval decision=deny
# tree-sitter-python stores indentation widths in one byte: 260 is kept as 4, so the line
# `    y = 2` seems to stay in the 260-wide block. CPython dedents it out of if False: it runs.
if True:
    if False:
                                                                                                                                                                                                                                                                    x = 1  
    y = 2  # expect: PG000@5
