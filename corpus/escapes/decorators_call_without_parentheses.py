# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: decorators call exec and input without a call expression
@exec  # expect: PG001
@input
class A:
    pass
