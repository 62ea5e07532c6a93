# corpus: profile=safe_eval decision=deny
# Found by the differential's mutants: the grammar accepts a `try:` with
# nothing indented under it; CPython refuses it (IndentationError).
try:  # expect: PG000@25
except ValueError:
    pass
