# corpus: profile=safe_eval decision=deny
"""compile() builds a code object that exec then runs."""
source = "result = [n for n in range(3)]"
code = compile(source, "<generated>", "exec")  # expect: PG001
scope = {}
exec(code, scope)  # expect: PG001
print(scope["result"])
