# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py (a class pattern's keywords are attribute
# reads CPython performs, with no attribute node in the tree): this reaches
# object.__subclasses__(), then os._wrap_close.__init__.__globals__["system"],
# and CPython runs `echo escaped`. Dunders read by patterns are refused.
match object:
    case type(__subclasses__=subclasses):  # expect: PG000@15
        for cls in subclasses():
            match cls:
                case type(__name__="_wrap_close", __init__=object(__globals__={"system": run})):  # expect: PG000@27 PG000@51 PG000@67
                    run("echo escaped")
