# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: tree-sitter-python reads `*f(x)` in a
# list, set, tuple or after other arguments as `(*f)(x)`, so the model saw no
# call to getattr or open: object.__subclasses__() and a file read passed.
subs = [*getattr(object, "__subcla" + "sses__")()]  # expect: PG000@9
lines = [*open("/etc/passwd")]  # expect: PG000@10 PG006@11
print("words:", *"a b".split())  # expect: PG000@17
