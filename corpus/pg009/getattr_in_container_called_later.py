# corpus: profile=safe_eval decision=review
"""getattr used as a value the resolver does not follow (a container, a yield) is called where no name shows."""
x = [getattr]  # expect: PG009
x[0](len, "__self__")
table = {"get": getattr}  # expect: PG009


def lookups():
    yield getattr  # expect: PG009


alias = getattr
print(alias(len, "__name__"))
