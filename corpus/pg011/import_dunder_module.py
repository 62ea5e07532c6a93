# corpus: profile=code_pool decision=deny
"""`import __main__` binds a dunder name, but the import is what matters: PG011 at
`import`, PG003 at the module; the dunder-name finding yields to PG003 there."""
import __main__  # expect: PG011@1 PG003@8


def policy() -> int:
    return __debug__ + 1  # expect: PG011
