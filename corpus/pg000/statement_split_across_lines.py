# corpus: profile=repo_tooling decision=deny
# Found by tests/tools/differential.py: after `from` the grammar's scanner
# emits no newline, so tree-sitter reads `from os import path` over two lines
# where CPython ends the statement at the line break and refuses the file.
from
os import path  # expect: PG000@1
