# corpus: profile=safe_eval decision=review
"""A list bound to a name may change before it is read: its element is not folded from the literal."""
names = ["real"]
names[0] = "__class__"
print(getattr(1j, names[0]))  # expect: PG009
