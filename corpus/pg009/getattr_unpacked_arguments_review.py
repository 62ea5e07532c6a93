# corpus: profile=safe_eval decision=deny
"""getattr's name behind an unpacking pygate cannot read is a name it cannot see: a review, as a name that
is not constant. A list or tuple display unpacked is read as the arguments it spreads: `__class__` there is
a denial."""
args = [(), "__class__"]
print(getattr(*args))  # expect: PG009
print(getattr((), *["__class__"]))  # expect: PG009
