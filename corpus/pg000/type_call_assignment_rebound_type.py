# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: tree-sitter reads `type(C).x = 1` as a
# 3.12 type alias, so the tree holds no call to `type`. Here `type` is
# typing.get_type_hints, which evaluates C's annotation string: CPython runs
# os.system. With `type` bound in the file, the statement is refused.
from typing import get_type_hints as type


class C:
    a: "__import__('os').system('echo pwned')"  # expect: PG001


type(C).x = 1  # expect: PG000@1
