# corpus: profile=safe_eval decision=deny target=3.14
# PEP 649: the annotation runs when annotations are inspected, and sees
# bindings made after the definition.
def f(x: run("id")) -> None:  # expect: PG001 PG004
    pass


from os import system as run  # expect: PG003
print(f.__annotations__)  # expect: PG009 PG014
