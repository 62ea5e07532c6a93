# corpus: profile=safe_eval decision=review
"""getattr stored in a container and called through a subscript reads a name no call here shows."""
x = [getattr]  # expect: PG009
x[0](len, "__self__")
table = {"get": getattr}  # expect: PG009
