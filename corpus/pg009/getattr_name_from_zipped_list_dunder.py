# corpus: profile=safe_eval decision=deny
"""A zipped list of names is followed to every name: a dunder among them is
the getattr escape it is."""
names = ["real", "__class__"]
for value, name in zip([3j, 1j], names):
    print(getattr(value, name))  # expect: PG009
