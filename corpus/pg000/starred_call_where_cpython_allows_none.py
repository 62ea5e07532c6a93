# corpus: profile=safe_eval decision=deny
# tree-sitter-python reads `*f(y)` as `(*f)(y)`; where CPython allows no star
# (a bare assignment value) pygate cannot put CPython's reading back and
# refuses the file, as CPython does ("can't use starred expression here").
x = *sorted(y)  # expect: PG000@5
