# corpus: profile=safe_eval decision=review
"""Unicode case mappings are not folded: "__ſubclasses__".upper().lower() is __subclasses__ (ſ upper-cases to S)."""
print(getattr(object, "__ſubclasses__".upper().lower())())  # expect: PG009
