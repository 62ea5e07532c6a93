# corpus: profile=safe_eval decision=deny
# CPython: a tab moves to the next multiple of 8, so 7 spaces + tab is column 8, the same as 8
# spaces, and y = 2 runs. tree-sitter counts a tab as 8 columns (15), and puts y = 2 inside if False.
if True:
        if False:
         x = 1
       	y = 2  # expect: PG000@9
