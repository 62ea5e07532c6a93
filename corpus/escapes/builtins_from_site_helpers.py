# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: the site module's help/license objects lead to builtins and sys
mods = help.__call__.__globals__["sys"].modules  # expect: PG002
b = license.__call__.__builtins__  # expect: PG009
