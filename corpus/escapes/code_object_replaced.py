# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: a function's code object rewritten with chosen bytecode
f = (lambda: 0)
code = f.__code__.replace(co_code=b"|\x17S\x00")  # expect: PG009
