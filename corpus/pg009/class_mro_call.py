# corpus: profile=safe_eval decision=deny
"""cls.mro() lists the base classes up to object, like __mro__."""
def ancestors(cls):
    return [base.__name__ for base in cls.mro()]  # expect: PG009


print(ancestors(bool))
