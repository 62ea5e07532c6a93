# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: __builtins__.__loader__ loads _posixsubprocess, under audit hooks
m = __builtins__.__loader__.load_module("_posixsubprocess")  # expect: PG009 PG009
