# corpus: profile=safe_eval decision=deny
"""A for loop over a tuple of builtins hands eval and exec to the loop variable."""
source = "1 + 1"
for runner in (eval, exec):  # expect: PG001 PG001
    try:
        print(runner(source))  # expect: PG001
    except SyntaxError:
        pass
