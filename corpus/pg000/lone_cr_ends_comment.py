# corpus: profile=safe_eval decision=deny
# A lone CR ends a comment for CPython, so line 3 below is code, not part of this comment.
x = 1  # notes = "‮"  # expect: PG000@6
y = 2
