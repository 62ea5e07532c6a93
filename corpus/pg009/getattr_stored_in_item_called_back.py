# corpus: profile=safe_eval decision=review
"""getattr stored through a subscript and called back: the resolver does not follow an item store, so the
stored reference is a review where it is stored, not silence."""
d = {}
d["k"] = getattr  # expect: PG009
print(d["k"]((), "__class__"))

L = [None]
L[0] = getattr  # expect: PG009
print(L[0]((), "__class__"))
