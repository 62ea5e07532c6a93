# corpus: profile=safe_eval decision=allow
"""Strings and comments that mention eval(), exec(), pickle.loads and compile() run nothing."""
# Never call eval(user_input) or exec(code) here; pickle.loads is banned too.
WARNINGS = [
    "eval(input()) is dangerous",
    "exec(open('x.py').read())",
    "pickle.loads(blob) and marshal.loads(blob)",
    "__builtins__.__dict__['compile']",
]
print("\n".join(w.upper() for w in WARNINGS))
