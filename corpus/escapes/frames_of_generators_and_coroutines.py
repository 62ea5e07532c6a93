# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: a generator's or coroutine's frame holds builtins and globals
g = (x for x in ())
b = g.gi_frame.f_builtins  # expect: PG009 PG009


async def a():
    pass


globs = a().cr_frame.f_globals  # expect: PG009 PG009
