# corpus: profile=safe_eval decision=deny
"""Reading a function's constants through its code object (secrets hidden in literals)."""
def check(password):
    return password == "hunter2"


print(check.__code__.co_consts)  # expect: PG009 PG009
