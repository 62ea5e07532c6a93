# corpus: profile=safe_eval decision=deny
# Found by tests/tools/differential.py: tree-sitter-python reads `*f(x)` in a
# list, set, tuple or after other arguments as `(*f)(x)`, so the model saw no
# call to getattr or open. pygate puts CPython's reading back, `*(f(x))`, and
# the calls are judged as any other.
subs = [*getattr(object, "__subcla" + "sses__")()]  # expect: PG009@10
lines = [*open("/etc/passwd")]  # expect: PG006@11
print("words:", *"a b".split())
