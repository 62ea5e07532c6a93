# corpus: profile=safe_eval decision=deny
"""type.__subclasses__(object) reaches every class without touching an instance."""
everything = type.__subclasses__(object)  # expect: PG009
print(len(everything))
