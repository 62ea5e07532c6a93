# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: a builtin function's __self__ is the builtins module
b = print.__self__  # expect: PG009
b.__import__("os").system("id")  # expect: PG009
