# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: a metaclass's subclasses lead to a function with builtins
bp = ().__class__.__class__.__subclasses__(().__class__.__class__)[0].register.__builtins__["breakpoint"]  # expect: PG009 PG009 PG009 PG009 PG009 PG009
bp()
