# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: the grammar accepts arguments in an
# order CPython's compiler refuses (SyntaxError), so pygate refuses them too.
print(sep="", "x")  # expect: PG000@15
print(**{"sep": ""}, "y")  # expect: PG000@22
print(**{"sep": ""}, *["z"])  # expect: PG000@22
print("ok", *["a"], sep="", *["b"])
