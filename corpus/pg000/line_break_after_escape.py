# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py (a mutant of encodings/cp500.py): after
# an escape, tree-sitter takes a line break into a one-line string; CPython
# ends the line there and refuses the file as an unterminated string.
x = ("\x8b  # expect: PG000@6
")
