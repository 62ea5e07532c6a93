# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: decorators open a file named by input
@print
@set
@open  # expect: PG006
@input
class B:
    pass
